// @vitest-environment happy-dom
/**
 * Home's snapshot: what the app keeps (the frame without the moment's toasts, dialogs and
 * splash) and what index.html's own script paints from it at the next start, and when not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSnapshot,
  type HomeSnapshot,
  keepSnapshotWhenStill,
  paintedPicture,
  readSnapshot,
  rememberSplash,
  removePaintedSplash,
  removePicture,
  SNAPSHOT_KEY,
  saveSnapshot,
  splashPaintedAt,
  splashSkipped,
} from '@/ui/home-snapshot';
import { ToastViewport } from '@/ui/toast-viewport';
import { VocabularyProgress } from '@/ui/vocabulary-progress';

const ENTRY = '/assets/index-abc123.js';

/** The inline script of index.html, run as the browser runs it while parsing the page. */
const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
const paintScript = inline.find((code) => code?.includes('marine.snapshot')) ?? '';

function runIndexScript(): void {
  new Function(paintScript)();
}

/** The home markup the script painted (inside the inert wrapper of the picture), or null. */
const paintedHome = () => paintedPicture()?.querySelector('.home-snapshot')?.innerHTML ?? null;

// The page's entry script is only read, never loaded: happy-dom is told that is fine.
(
  window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;

/**
 * A page as index.html leaves it before the script: the entry (a module script on the dev
 * server; linked with `data-entry` in a build, where the script starts it) and an empty root.
 */
function freshPage(path = '/', built = false): void {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = built
    ? `<link rel="modulepreload" href="${ENTRY}" data-entry>`
    : `<script type="module" src="${ENTRY}"></script>`;
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.lang = 'ru';
  delete document.documentElement.dataset.theme;
}

/**
 * The app's frame on home, with the moment's parts showing: a toast drawn by the real toast
 * viewport, the update banner, a dialog, the splash and the vocabulary's install progress.
 */
function drawHome(name: string): void {
  const toasts = renderToStaticMarkup(
    createElement(ToastViewport, {
      toasts: [{ id: '1', message: 'Синхронизировано', tone: 'success' }],
      onDismiss: () => undefined,
    }),
  );
  const install = renderToStaticMarkup(
    createElement(VocabularyProgress, {
      source: {
        subscribe: () => () => undefined,
        current: () => ({ done: 1, total: 4 }),
        firstVisit: null,
      },
    }),
  );
  (document.getElementById('root') as HTMLElement).innerHTML = `
    <a class="skip-link" href="#content">К содержимому</a>
    <header class="header"><a href="/profile">${name}</a></header>
    <div class="toast update-banner"><span role="status">Доступна новая версия</span></div>
    <div id="content"><main class="page home"><h1>Добро пожаловать, ${name}</h1>${install}</main></div>
    ${toasts}
    <div role="dialog">Выйти?</div>
    <button class="splash" type="button">Морской английский</button>`;
}

const record = (patch: Partial<HomeSnapshot> = {}): HomeSnapshot => ({
  build: ENTRY,
  lang: 'ru',
  theme: 'dark',
  user: 'u1',
  html: '<main class="page home"><h1>Добро пожаловать, Анна</h1></main>',
  splash: '<button class="splash" type="button">Морской английский</button>',
  ...patch,
});
const store = (value: unknown) => localStorage.setItem(SNAPSHOT_KEY, JSON.stringify(value));
const root = () => document.getElementById('root') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  freshPage();
});
afterEach(() => {
  localStorage.clear();
});

describe('saveSnapshot', () => {
  it('keeps the header and home, not the toasts, dialogs, splash, skip link or install progress', () => {
    drawHome('Анна');
    document.documentElement.dataset.theme = 'dark';
    saveSnapshot('u1');
    const saved = readSnapshot();
    expect(saved).toMatchObject({ build: ENTRY, lang: 'ru', theme: 'dark', user: 'u1' });
    expect(saved?.html).toContain('Добро пожаловать, Анна');
    expect(saved?.html).toContain('class="header"');
    for (const gone of [
      'Синхронизировано',
      'Доступна новая версия',
      'Выйти?',
      'Морской английский',
      'К содержимому',
      'Устанавливаем словарь',
    ]) {
      expect(saved?.html).not.toContain(gone);
    }
  });

  it('keeps inline styles as data-style, which the script paints through the style object', () => {
    drawHome('Анна');
    const bar = document.createElement('span');
    bar.className = 'goal-bar-fill';
    bar.style.width = '40%';
    root().querySelector('main')?.append(bar);
    saveSnapshot('u1');
    expect(readSnapshot()?.html).not.toContain(' style=');
    localStorage.setItem('marine.splash', 'off');
    freshPage('/');
    runIndexScript();
    const painted = paintedPicture()?.querySelector('.goal-bar-fill') as HTMLElement;
    expect(painted.style.width).toBe('40%');
  });

  it('keeps nothing away from home', () => {
    freshPage('/profile');
    drawHome('Анна');
    saveSnapshot('u1');
    expect(readSnapshot()).toBeNull();
  });

  it('keeps the splash only in the language of home', () => {
    const splash = document.createElement('button');
    splash.className = 'splash';
    splash.textContent = 'Морской английский';
    rememberSplash(splash);
    drawHome('Анна');
    saveSnapshot('u1');
    expect(readSnapshot()?.splash).toContain('Морской английский');

    document.documentElement.lang = 'en';
    saveSnapshot('u1');
    expect(readSnapshot()?.splash).toBe('');
  });

  it('is removed by clearSnapshot, and a damaged record reads as none', () => {
    drawHome('Анна');
    saveSnapshot('u1');
    clearSnapshot();
    expect(readSnapshot()).toBeNull();
    localStorage.setItem(SNAPSHOT_KEY, '{not json');
    expect(readSnapshot()).toBeNull();
    store({ html: 5, build: ENTRY });
    expect(readSnapshot()).toBeNull();
  });
});

describe('keepSnapshotWhenStill', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the snapshot whenever the frame has been still, waiting again after any change in it', async () => {
    vi.useFakeTimers();
    drawHome('Анна');
    const stop = keepSnapshotWhenStill('u1', 800);
    await vi.advanceTimersByTimeAsync(500);
    // A part of the frame re-renders alone (the rank card, when the vocabulary has loaded).
    const title = root().querySelector('h1') as HTMLElement;
    title.textContent = 'Добро пожаловать, Анна Смирнова';
    await vi.advanceTimersByTimeAsync(700);
    expect(readSnapshot()).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(readSnapshot()?.html).toContain('Анна Смирнова');
    // A later change (a sync brought new figures) is kept once the frame is still again.
    title.textContent = 'Добро пожаловать, капитан';
    await vi.advanceTimersByTimeAsync(799);
    expect(readSnapshot()?.html).toContain('Анна Смирнова');
    await vi.advanceTimersByTimeAsync(1);
    expect(readSnapshot()?.html).toContain('капитан');
    stop();
  });

  it('keeps changes not yet kept when the page is hidden, and nothing once stopped', async () => {
    vi.useFakeTimers();
    drawHome('Анна');
    const stop = keepSnapshotWhenStill('u1', 800);
    window.dispatchEvent(new Event('pagehide'));
    expect(readSnapshot()?.user).toBe('u1');
    // Already kept: a page leaving again does not write it again.
    clearSnapshot();
    window.dispatchEvent(new Event('pagehide'));
    expect(readSnapshot()).toBeNull();
    stop();
    (root().querySelector('h1') as HTMLElement).textContent = 'Добро пожаловать';
    await vi.advanceTimersByTimeAsync(2000);
    window.dispatchEvent(new Event('pagehide'));
    expect(readSnapshot()).toBeNull();
  });
});

describe("index.html's script", () => {
  it('paints the snapshot of this build, inert, with its theme, when the splash is off', () => {
    localStorage.setItem('marine.splash', 'off');
    store(record());
    runIndexScript();
    const painted = document.body.querySelector('.home-snapshot');
    expect(painted?.hasAttribute('inert')).toBe(true);
    expect(painted?.getAttribute('aria-busy')).toBe('true');
    expect(painted?.getAttribute('aria-hidden')).toBe('true');
    expect(document.body.textContent).toContain('Добро пожаловать, Анна');
    expect(document.body.querySelector('.splash')).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(paintedHome()).toBe(record().html);
    // Beside the app's root, which React fills without parsing the picture a second time.
    expect(paintedPicture()?.nextElementSibling).toBe(root());
    expect(root().innerHTML).toBe('');
  });

  it("goes when the app's own screen is up: its splash first, then the picture", () => {
    store(record());
    runIndexScript();
    expect(splashPaintedAt()).not.toBeNull();
    removePaintedSplash();
    expect(document.body.querySelector('.splash')).toBeNull();
    expect(paintedHome()).toBe(record().html);
    removePicture();
    expect(paintedPicture()).toBeNull();
    expect(document.body.textContent).not.toContain('Анна');
  });

  it('paints the splash over it when the splash is on; a tap takes the splash away', () => {
    store(record());
    runIndexScript();
    const splash = document.body.querySelector('.splash') as HTMLElement;
    expect(splash.textContent).toBe('Морской английский');
    expect(splashSkipped()).toBe(false);
    splash.click();
    expect(document.body.querySelector('.splash')).toBeNull();
    expect(splashSkipped()).toBe(true);
    expect(paintedHome()).toBe(record().html);
  });

  it.each([
    ['another build', record({ build: '/assets/index-old.js' }), '/', null],
    ['another language', record({ lang: 'en' }), '/', null],
    ['another screen', record(), '/profile', null],
    ['the splash on and its markup unknown', record({ splash: '' }), '/', 'on'],
    ['a damaged record', '{"html":', '/', null],
  ])('paints nothing for %s', (_, value, path, splash) => {
    freshPage(path);
    if (splash !== 'on') localStorage.setItem('marine.splash', 'off');
    if (typeof value === 'string') localStorage.setItem(SNAPSHOT_KEY, value);
    else store(value);
    runIndexScript();
    expect(root().innerHTML).toBe('');
    expect(paintedPicture()).toBeNull();
    expect(paintedHome()).toBeNull();
  });

  it('reads the build from the entry a built page links, starts it, and says when it fails', async () => {
    freshPage('/', true);
    drawHome('Анна');
    saveSnapshot('u1');
    expect(readSnapshot()?.build).toBe(ENTRY);
    freshPage('/', true);
    localStorage.setItem('marine.splash', 'off');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<template id="start-failed"><main><h1>Не удалось загрузить приложение</h1><button type="button">Перезагрузить</button></main></template>',
    );
    // No such module here: the page says so instead of leaving the picture of home.
    const failed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runIndexScript();
    expect(document.body.textContent).toContain('Добро пожаловать, Анна');
    await vi.waitFor(() =>
      expect(failed).toHaveBeenCalledWith('Loading the app failed', expect.anything()),
    );
    failed.mockRestore();
    expect(root().querySelector('h1')?.textContent).toBe('Не удалось загрузить приложение');
    expect(document.body.querySelector('.home-snapshot')).toBeNull();
    expect(paintedHome()).toBeNull();
  });

  describe('on a device that has never shown home', () => {
    /** The two templates a build writes into index.html (vite.config.ts, firstPaint). */
    function withFirstVisit(lang = 'ru') {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<template id="first-visit" data-lang="${lang}"><main><h1>Добро пожаловать на борт!</h1></main></template>` +
          '<template id="first-visit-splash"><button class="splash">Морской английский</button></template>',
      );
    }

    it("paints the build's guest home, and the splash over it when the splash is on", () => {
      withFirstVisit();
      runIndexScript();
      expect(document.body.querySelector('.home-snapshot')?.textContent).toBe(
        'Добро пожаловать на борт!',
      );
      expect(document.body.querySelector('.splash')?.textContent).toBe('Морской английский');
    });

    it.each([
      ['a remembered session', () => localStorage.setItem('marine.lastUserId', 'u1')],
      ['a snapshot of another build', () => store(record({ build: '/assets/index-old.js' }))],
      ['another language', () => localStorage.setItem('marine.lang', 'en')],
    ])('paints nothing with %s', (_, arrange) => {
      localStorage.setItem('marine.splash', 'off');
      withFirstVisit();
      arrange();
      runIndexScript();
      expect(root().innerHTML).toBe('');
      expect(paintedPicture()).toBeNull();
    });
  });

  it('follows the language the app will start in', () => {
    localStorage.setItem('marine.splash', 'off');
    localStorage.setItem('marine.lang', 'en');
    store(record({ lang: 'en', html: '<h1>Welcome aboard, Anna</h1>' }));
    runIndexScript();
    expect(document.documentElement.lang).toBe('en');
    expect(paintedHome()).toBe('<h1>Welcome aboard, Anna</h1>');
  });
});

/**
 * A record planted in localStorage (a shared tablet's developer tools, any script that once ran
 * in the origin): the script paints only markup the app itself could have drawn, so no planted
 * handler, script, foreign link or element that clobbers the page's own survives the paint.
 */
describe("index.html's script and a planted record", () => {
  const PLANTED = 'window.__planted = true';

  /** Paints `html` (and the splash `splash`, when given) from a record of this build. */
  function paintPlanted(html: string, splash?: string): HTMLElement {
    if (splash === undefined) localStorage.setItem('marine.splash', 'off');
    store(record({ html, splash: splash ?? '' }));
    runIndexScript();
    const picture = paintedPicture();
    if (!picture) throw new Error('nothing was painted');
    return picture;
  }

  /** Every attribute of every element painted, as `tag@name=value`. */
  const attributesOf = (picture: HTMLElement) =>
    [...picture.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((a) => `${element.localName}@${a.name}=${a.value}`),
    );

  /** Fires the events a planted handler would wait for on every painted element. */
  function fireEverything(picture: HTMLElement): void {
    for (const element of picture.querySelectorAll('*')) {
      for (const type of ['error', 'load', 'click', 'focus', 'animationstart']) {
        element.dispatchEvent(new Event(type));
      }
    }
  }

  afterEach(() => {
    delete (window as { __planted?: boolean }).__planted;
  });

  it.each([
    ['an image whose load fails', `<img src=x onerror="${PLANTED}">`],
    ['an svg that loads', `<svg onload="${PLANTED}"><path d="M0 0"/></svg>`],
    ['a handler in capitals', `<p ONCLICK="${PLANTED}" OnMouseOver="${PLANTED}">Hi</p>`],
    ['a svg animation', `<svg><animate onbegin="${PLANTED}" attributeName="x" dur="1s"/></svg>`],
    ['a details element', `<details open ontoggle="${PLANTED}"><summary>x</summary></details>`],
  ])('paints %s without its handler', (_, html) => {
    const picture = paintPlanted(html);
    fireEverything(picture);
    expect((window as { __planted?: boolean }).__planted).toBeUndefined();
    expect(attributesOf(picture).filter((text) => /@on/i.test(text))).toEqual([]);
  });

  it('paints no script, style, frame, object, form or page-level element', () => {
    const picture = paintPlanted(
      `<script>${PLANTED}</script><style>body{display:none}</style>` +
        `<iframe srcdoc="<script>${PLANTED}</script>"></iframe><object data="/x"></object>` +
        '<embed src="/x"><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example/">' +
        '<link rel="stylesheet" href="https://evil.example/a.css"><template><p>t</p></template>' +
        '<form action="https://evil.example/"><input name="password"><textarea></textarea><select></select></form>' +
        '<math><mi>x</mi></math><main>kept</main>',
      `<button class="splash">Splash</button><script>${PLANTED}</script>`,
    );
    expect([...picture.querySelectorAll('*')].map((element) => element.localName).sort()).toEqual([
      'button',
      'div',
      'main',
    ]);
    expect(picture.textContent).toContain('kept');
    expect((window as { __planted?: boolean }).__planted).toBeUndefined();
  });

  it('keeps links and images of the app only', () => {
    const picture = paintPlanted(
      [
        '<a href="javascript:window.__planted=true">1</a>',
        '<a href=" JaVaScRiPt:void(0)">2</a>',
        '<a href="https://evil.example/login">3</a>',
        '<a href="//evil.example/login">4</a>',
        '<a href="/\\evil.example/login">5</a>',
        '<a href="data:text/html,<script>x</script>">6</a>',
        '<a href="/profile">7</a>',
        '<a href="#content">8</a>',
        '<img src="https://evil.example/pixel.png?who=anna" alt="">',
        '<img src="/ranks/L1.svg" alt="">',
        '<img src="/ranks/L1.svg" srcset="https://evil.example/a.png 2x" alt="">',
        '<a href="/topics" ping="https://evil.example/">9</a>',
        '<svg><a href="javascript:window.__planted=true"><text>10</text></a><use href="https://evil.example/s.svg#a"/><image href="https://evil.example/i.png"/></svg>',
      ].join(''),
    );
    expect(attributesOf(picture).filter((text) => /@(href|src|srcset|ping)=/.test(text))).toEqual([
      'a@href=/profile',
      'a@href=#content',
      'img@src=/ranks/L1.svg',
      'img@src=/ranks/L1.svg',
      'a@href=/topics',
    ]);
  });

  it('survives the nesting tricks that fool sanitisers which serialise and parse again', () => {
    const picture = paintPlanted(
      [
        `<noscript><p title="</noscript><img src=x onerror=${PLANTED}>"></noscript>`,
        `<math><mtext><table><mglyph><style><img src=x onerror="${PLANTED}">`,
        `</style></mglyph></table></mtext></math>`,
        `<svg><foreignObject><img src=x onerror="${PLANTED}"></foreignObject></svg>`,
        `<svg></p><style><a id="</style><img src=x onerror=${PLANTED}>">`,
        `<div><div><div><span><img/src="x"/onerror="${PLANTED}"></span></div></div></div>`,
      ].join(''),
    );
    fireEverything(picture);
    expect((window as { __planted?: boolean }).__planted).toBeUndefined();
    expect(attributesOf(picture).filter((text) => /@(on|src)/i.test(text))).toEqual([]);
  });

  it("cannot stand in for the page's own elements: no ids, so #root and the templates stay the page's", () => {
    const pageRoot = root();
    paintPlanted(
      '<p id="picture" name="takeInstallOffer">x</p><div id="root">planted root</div><div id="start-failed"></div>',
    );
    // The picture the script painted, found without asking for its id.
    const picture = pageRoot.previousElementSibling as HTMLElement;
    expect(picture.textContent).toContain('planted root');
    expect(document.getElementById('root')).toBe(pageRoot);
    expect(document.getElementById('picture')).toBe(picture);
    expect(document.getElementById('start-failed')).toBeNull();
    expect(attributesOf(picture).filter((text) => /@(id|name)=/.test(text))).toEqual([]);
    expect(typeof (window as { takeInstallOffer?: unknown }).takeInstallOffer).toBe('function');
  });

  it('keeps inline styles that fetch nothing, and drops those that would', () => {
    const picture = paintPlanted(
      '<span class="goal-bar-fill" data-style="width: 40%; background-image: url(https://evil.example/p.png)"></span>' +
        '<p data-style="background: u\\72 l(https://evil.example/q.png)">x</p>' +
        '<em style="display: none">style attribute</em>' +
        '<svg><path d="M0 0" fill="url(https://evil.example/f.svg#p)" stroke="currentColor"/></svg>',
    );
    const bar = picture.querySelector('.goal-bar-fill') as HTMLElement;
    expect(bar.style.width).toBe('40%');
    expect(bar.style.backgroundImage).toBe('');
    expect(bar.hasAttribute('data-style')).toBe(false);
    expect((picture.querySelector('p') as HTMLElement).style.background).toBe('');
    // The app never writes a style attribute (the policy refuses them): one is not painted.
    expect((picture.querySelector('em') as HTMLElement).style.display).toBe('');
    const path = picture.querySelector('path') as SVGElement;
    expect(path.getAttribute('fill')).toBeNull();
    expect(path.getAttribute('stroke')).toBe('currentColor');
  });

  it("keeps the app's own markup as the app drew it", () => {
    const own =
      '<header class="header"><a class="nav-link active" href="/topics" data-status="active" aria-current="page">' +
      '<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true" focusable="false">' +
      '<circle cx="12" cy="5" r="2.5"></circle><path d="M12 7.5V21"></path></svg>Темы</a></header>' +
      '<main class="page home"><section class="card" aria-labelledby="home-title"><h1>Добро пожаловать</h1>' +
      '<progress max="100" value="40" aria-label="40 %"></progress><img class="rank-image" src="/ranks/L1.svg" alt="" width="96" height="96">' +
      '<button type="button" class="btn">Начать</button></section></main>';
    const picture = paintPlanted(own);
    expect(picture.querySelector('.home-snapshot')?.innerHTML).toBe(own);
  });

  it('paints nothing when the splash is on and a planted splash is nothing the app draws', () => {
    store(record({ html: '<main>home</main>', splash: `<script>${PLANTED}</script>` }));
    runIndexScript();
    expect(paintedPicture()).toBeNull();
    expect(document.body.textContent).not.toContain('home');
  });
});
