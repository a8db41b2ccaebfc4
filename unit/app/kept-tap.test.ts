// @vitest-environment happy-dom
/**
 * A tap on the picture of home: index.html's script keeps it (the picture is inert, so the tap
 * is found by its position), and the live home replays it on its own element of the same name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseKeptTap, replayTap, takeKeptTap } from '@/app/kept-tap';

const ENTRY = '/assets/index-abc123.js';
const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const paintScript =
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1])
    .find((code) => code?.includes('marine.snapshot')) ?? '';

/** Home as the app draws it: the header's link to the topics, home's own, and a button. */
const HOME = `<header class="header"><a href="/topics">Темы</a></header>
<main class="page home"><h1>Добро пожаловать</h1>
<nav><a href="/topics"><svg aria-hidden="true"><path d="M0 0"></path></svg> Темы</a>
<a href="/dictionary">Словарь</a></nav>
<button type="button" class="btn">Синхронизировать</button></main>`;

/** Each link and button of the picture at its own row, 40 px high, 200 px wide. */
function layOut(): void {
  const elements = [...document.querySelectorAll('.home-snapshot a, .home-snapshot button')];
  elements.forEach((element, row) => {
    vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      right: 200,
      top: row * 50,
      bottom: row * 50 + 40,
      width: 200,
      height: 40,
      x: 0,
      y: row * 50,
      toJSON: () => ({}),
    } as DOMRect);
  });
}

/** A finger at (x, y): the picture is inert, so the page's body gets the click. */
const tapAt = (x: number, y: number) =>
  document.body.dispatchEvent(
    new MouseEvent('click', { bubbles: true, cancelable: true, clientX: x, clientY: y }),
  );

function paint(splash: boolean): void {
  window.history.replaceState(null, '', '/');
  document.head.innerHTML = `<script type="module" src="${ENTRY}"></script>`;
  document.body.innerHTML = '<div id="root"></div>';
  if (!splash) localStorage.setItem('marine.splash', 'off');
  localStorage.setItem(
    'marine.snapshot',
    JSON.stringify({
      build: ENTRY,
      lang: 'ru',
      theme: '',
      user: '',
      html: HOME,
      splash: '<button class="splash" type="button">Морской английский</button>',
    }),
  );
  new Function(paintScript)();
  layOut();
}

/** The live home: the same markup in the app's root, each element counting its clicks. */
function liveHome(): Map<string, number> {
  document.getElementById('picture')?.remove();
  const root = document.getElementById('root') as HTMLElement;
  root.innerHTML = `<a class="skip-link" href="#content">К содержимому</a>${HOME}`;
  const clicks = new Map<string, number>();
  [...root.querySelectorAll('a, button')].forEach((element, index) => {
    element.addEventListener('click', (event) => {
      event.preventDefault();
      clicks.set(
        `${element.localName}${index}`,
        (clicks.get(`${element.localName}${index}`) ?? 0) + 1,
      );
    });
  });
  return clicks;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById('picture')?.remove();
});

describe('a tap on the picture of home', () => {
  it("is kept by the page's script and answered by the same element of the live home", () => {
    paint(false);
    // The second row: home's own link to the topics, not the header's.
    tapAt(100, 60);
    const kept = document.querySelector('[data-kept-tap]');
    expect(kept?.closest('main')).not.toBeNull();
    expect(kept?.getAttribute('href')).toBe('/topics');
    const tap = takeKeptTap();
    expect(tap).toEqual({ tag: 'a', href: '/topics', label: 'Темы', rank: 1 });
    const clicks = liveHome();
    expect(
      replayTap(tap as NonNullable<typeof tap>, document.getElementById('root') as HTMLElement),
    ).toBe(true);
    // a0 is the skip link, a1 the header's link, a2 home's.
    expect([...clicks]).toEqual([['a2', 1]]);
  });

  it('keeps the last tap only, and a button by its text', () => {
    paint(false);
    tapAt(100, 10);
    tapAt(100, 160);
    expect(document.querySelectorAll('[data-kept-tap]')).toHaveLength(1);
    const tap = takeKeptTap();
    expect(tap).toEqual({ tag: 'button', href: '', label: 'Синхронизировать', rank: 0 });
    // Taken once: the next screen replays nothing.
    expect(takeKeptTap()).toBeNull();
    const clicks = liveHome();
    replayTap(tap as NonNullable<typeof tap>, document.getElementById('root') as HTMLElement);
    expect([...clicks]).toEqual([['button4', 1]]);
  });

  it('keeps nothing beside the links and buttons, nor while the splash is up', () => {
    paint(true);
    tapAt(100, 60);
    expect(takeKeptTap()).toBeNull();
    (document.querySelector('#picture > .splash') as HTMLElement).click();
    tapAt(300, 60);
    expect(takeKeptTap()).toBeNull();
    tapAt(100, 110);
    expect(takeKeptTap()).toMatchObject({ href: '/dictionary' });
  });

  it('is dropped when the live screen has no such element; page data that is no tap is none', () => {
    liveHome();
    const root = document.getElementById('root') as HTMLElement;
    expect(replayTap({ tag: 'a', href: '/fleet', label: 'Флот', rank: 0 }, root)).toBe(false);
    for (const value of ['', '{', 'null', '{"tag":"script","href":"","label":""}', '{"tag":"a"}']) {
      expect(parseKeptTap(value)).toBeNull();
    }
    expect(parseKeptTap('{"tag":"a","href":"/x","label":"X","rank":-3}')).toEqual({
      tag: 'a',
      href: '/x',
      label: 'X',
      rank: 0,
    });
  });
});
