/**
 * The header: logo, the screens' links (drills and the exam among them at every width), Admin
 * for admins, profile name and avatar, logout, or login/register for guests; a menu. On a phone
 * the menu holds every link; on a tablet the bar keeps the main links and the menu the rest
 * (settings, admin, logout: `nav-secondary`), so every target stays 44 px and nothing wraps.
 */

import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isAdmin } from '@/domain/permissions';
import { useT } from '@/i18n';
import { signOutChecked, useAuthStore } from '@/stores/auth-store';
import { Avatar } from '@/ui/avatar';
import { useConfirm } from '@/ui/confirm';
import { AnchorIcon, CloseIcon, MenuIcon } from '@/ui/icons';
import { InstallButton } from './install-button';

export function Header() {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const confirm = useConfirm();

  async function logout() {
    const ask = () => confirm({ message: t('nav.logoutOffline'), confirmLabel: t('nav.logout') });
    if (await signOutChecked(ask)) await navigate({ to: '/login' });
  }
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Close the mobile menu whenever the route changes.
  useEffect(() => {
    if (pathname) setMenuOpen(false);
  }, [pathname]);

  const displayName = user ? user.fullName || user.email : '';
  const links = [
    { to: '/', label: t('nav.home'), className: 'nav-link desktop-only nav-home' },
    { to: '/topics', label: t('nav.topics'), className: 'nav-link desktop-only' },
    { to: '/dictionary', label: t('nav.dictionary'), className: 'nav-link desktop-only' },
    { to: '/drills', label: t('nav.drills'), className: 'nav-link desktop-only' },
    ...(user
      ? [
          { to: '/exam', label: t('nav.exam'), className: 'nav-link desktop-only' },
          { to: '/progress', label: t('nav.progress'), className: 'nav-link desktop-only' },
          {
            to: '/settings',
            label: t('nav.settings'),
            className: 'nav-link desktop-only nav-secondary',
          },
        ]
      : []),
  ] as const;

  return (
    <header className="header">
      <div className="header-inner">
        <Link to="/" className="logo">
          <AnchorIcon />
          <span>{t('app.name')}</span>
        </Link>
        <nav className="header-nav" aria-label={t('nav.main')}>
          {links.map((link) => (
            <Link key={link.to} to={link.to} className={link.className}>
              {link.label}
            </Link>
          ))}
          {isAdmin(user) ? (
            <Link to="/admin/roles" className="nav-link desktop-only nav-secondary">
              {t('nav.admin')}
            </Link>
          ) : null}
          <InstallButton variant="header" />
          {user ? (
            <>
              <Link
                to="/profile"
                className="profile-link"
                aria-label={`${t('nav.profile')}: ${displayName}`}
              >
                <Avatar name={user.fullName} email={user.email} />
                <span className="profile-name">{displayName}</span>
              </Link>
              <button
                type="button"
                className="btn btn-small desktop-only nav-secondary"
                onClick={logout}
              >
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className="nav-link desktop-only">
                {t('nav.login')}
              </Link>
              <Link to="/register" className="nav-link desktop-only">
                {t('nav.register')}
              </Link>
            </>
          )}
          <button
            type="button"
            className="icon-btn menu-button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </nav>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" className="mobile-menu" aria-label={t('nav.menu')}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            {isAdmin(user) ? (
              <li>
                <Link to="/admin/roles">{t('nav.admin')}</Link>
              </li>
            ) : null}
            {user ? (
              <>
                {/* Whose account this is, where the bar shows only the avatar (a shared tablet). */}
                <li className="menu-user">{t('nav.signedInAs', { name: displayName })}</li>
                <li>
                  <Link to="/profile">{t('nav.profile')}</Link>
                </li>
                <li>
                  <button type="button" onClick={logout}>
                    {t('nav.logout')}
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to="/login">{t('nav.login')}</Link>
                </li>
                <li>
                  <Link to="/register">{t('nav.register')}</Link>
                </li>
              </>
            )}
            <InstallButton variant="menu" />
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
