/** The frame of every screen: skip link, header, the screen, toasts. */
import { Outlet } from '@tanstack/react-router';
import { useT } from '@/i18n';
import { useToastStore } from '@/stores/toast-store';
import { ToastViewport } from '@/ui/toast-viewport';
import { Header } from './header';
import { UpdateToast } from './update-toast';

export function RootLayout() {
  const t = useT();
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <>
      <a className="skip-link" href="#content">
        {t('nav.skip')}
      </a>
      <Header />
      <UpdateToast />
      <div id="content">
        <Outlet />
      </div>
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </>
  );
}
