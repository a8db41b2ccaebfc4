/** The header: logo, Admin link for admins, profile name and avatar, logout, or login/register for guests; a mobile menu. */

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
    { to: '/', label: t('nav.home') },
    { to: '/topics', label: t('nav.topics') },
    { to: '/dictionary', label: t('nav.dictionary') },
    { to: '/drills', label: t('nav.drills') },
    ...(user
      ? [
          { to: '/exam', label: t('nav.exam') },
          { to: '/progress', label: t('nav.progress') },
          { to: '/settings', label: t('nav.settings') },
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
          {/* The bar is full: the drills and the exam are reached from home's shortcuts and the
              phone menu. */}
          {links
            .filter((link) => link.to !== '/drills' && link.to !== '/exam')
            .map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className={
                  link.to === '/' ? 'nav-link desktop-only nav-home' : 'nav-link desktop-only'
                }
              >
                {link.label}
              </Link>
            ))}
          {isAdmin(user) ? (
            <Link to="/admin/roles" className="nav-link desktop-only">
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
              <button type="button" className="btn btn-small desktop-only" onClick={logout}>
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
