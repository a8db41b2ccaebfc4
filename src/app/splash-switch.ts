/** A switch for automated tests and kiosk set-ups: `localStorage['marine.splash'] = 'off'`. */
export function splashOff(): boolean {
  try {
    return localStorage.getItem('marine.splash') === 'off';
  } catch {
    return false;
  }
}
