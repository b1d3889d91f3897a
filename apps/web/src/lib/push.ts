/**
 * Web push in this browser: whether it can, whether it is on, and turning it on and off. The
 * service worker (public/sw.js) shows what arrives; the server keeps the subscription
 * (notifications.pushSubscribe).
 */

export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The app's service worker, registering it when it is not yet (in development, say). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? (await navigator.serviceWorker.register('/sw.js'));
}

export async function currentPush(): Promise<{ state: PushState; endpoint: string | null }> {
  if (!pushSupported()) return { state: 'unsupported', endpoint: null };
  if (Notification.permission === 'denied') return { state: 'blocked', endpoint: null };
  const existing = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
  return existing && Notification.permission === 'granted' ? { state: 'on', endpoint: existing.endpoint } : { state: 'off', endpoint: null };
}

/** A phone or tablet: its pushes follow the mobile settings. */
export function isMobileDevice(): boolean {
  const hints = (navigator as Navigator & { userAgentData?: { mobile: boolean } }).userAgentData;
  return hints ? hints.mobile : /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Asks for permission (call it from a click only) and subscribes this browser with the server's
 * key; null when the person refused.
 */
export async function subscribePush(publicKey: string): Promise<BrowserSubscription | null> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const worker = await registration();
  await navigator.serviceWorker.ready;
  const subscription =
    (await worker.pushManager.getSubscription()) ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** Ends this browser's subscription; its endpoint, for the server to forget. */
export async function unsubscribePush(): Promise<string | null> {
  const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** Registers the service worker once the page has loaded (built app only: Vite's dev server has none of its files hashed). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
