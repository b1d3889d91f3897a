import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { checkA11y, describeBrowser, inArabic, screenshot, usePeople, VIEWPORTS } from './support/index.ts';

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  dir: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose: string }[];
}

/** The page's manifest, as the browser would read it from the link in the head. */
async function manifestOf(page: Page): Promise<{ href: string; manifest: Manifest }> {
  const href = (await page.locator('link[rel="manifest"]').getAttribute('href'))!;
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  return { href, manifest: (await response.json()) as Manifest };
}

/** Waits until the service worker is active and controls the page. */
async function serviceWorkerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    return registration.active!.scriptURL;
  });
}

/** Every address the service worker keeps. */
const keptUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

/** Browser tests block the service worker unless asked (e2e/support/browser.ts). */
const WORKER = { serviceWorkers: 'allow' } as const;

describeBrowser('the installable app', () => {
  const { person, visitor } = usePeople('full'); // push permission and the service worker need the full browser

  it('links a manifest in the page’s language, with its icons and theme colour, on prerendered and app pages', async () => {
    const { page } = await visitor();
    await page.goto('/');
    const english = await manifestOf(page);
    expect(english.href).toBe('/manifest.en.webmanifest');
    expect(english.manifest).toMatchObject({ name: 'Commonroom', lang: 'en', dir: 'ltr', theme_color: '#3b5bdb' });
    expect(english.manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of english.manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#3b5bdb');

    const { page: arabic } = await visitor(VIEWPORTS.phone, { locale: 'ar-EG' });
    await arabic.goto('/pricing');
    const inArabic = await manifestOf(arabic);
    expect(inArabic.href).toBe('/manifest.ar.webmanifest');
    expect(inArabic.manifest).toMatchObject({ lang: 'ar', dir: 'rtl' });
    // A page the app renders (not prerendered) switches with the language too.
    await arabic.goto('/forum');
    await arabic.getByRole('main').waitFor();
    expect(await arabic.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.ar.webmanifest');
  });

  it('registers a service worker that shows the offline page for a page without a network, and keeps nothing private', async () => {
    const { page, context } = await person('offline', 'Otto Offline', VIEWPORTS.phone, WORKER);
    await page.goto('/settings?section=notifications');
    expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);
    // Signed in, with the API answering: still nothing of it is kept.
    await page.getByRole('button', { name: 'Update notifications' }).waitFor();
    await page.goto('/my-communities');
    await page.getByRole('main').waitFor();

    await context.setOffline(true);
    await page.goto('/discover');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Commonroom' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'offline-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'offline-desktop');

    const kept = await keptUrls(page);
    expect(kept).toEqual(expect.arrayContaining(['/offline.html']));
    for (const url of kept) expect(url).toMatch(/^\/(assets\/|offline\.html$|icons\/icon-192\.png$|favicon\.svg$)/);

    await context.setOffline(false);
    await page.goto('/discover');
    await page.getByRole('main').waitFor();
    expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(0);
  });

  it('asks for permission to push only after a click on ‘Turn on push notifications’, and shows what the browser answered', async () => {
    const { page, context } = await person('pusher', 'Pia Pusher', VIEWPORTS.desktop, WORKER);
    await context.addInitScript(() => {
      const asked = { count: 0 };
      (window as unknown as { permissionAsked: typeof asked }).permissionAsked = asked;
      const request = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        asked.count += 1;
        return request(...args);
      };
    });
    const asked = () => page.evaluate(() => (window as unknown as { permissionAsked: { count: number } }).permissionAsked.count);
    await page.goto('/settings?section=notifications');
    const turnOn = page.getByRole('button', { name: 'Turn on push notifications' });
    await turnOn.waitFor();
    await expect.poll(() => page.getByTestId('push-state').textContent()).toBe('Off');
    expect(await asked()).toBe(0);
    await screenshot(page, 'settings-push-off');

    // Not granted: the browser's answer is shown, nothing is subscribed.
    await turnOn.click();
    await expect.poll(asked).toBe(1);
    await expect.poll(() => page.getByTestId('push-state').textContent()).toMatch(/^(Off|Blocked)$/);

    // Granted: the browser subscribes with its push service. Headless Chromium here has none it can
    // reach (no internet), so it says so rather than pretend; with a push service it would be 'On'.
    await context.grantPermissions(['notifications']);
    await page.reload();
    await turnOn.waitFor();
    await turnOn.click();
    await expect.poll(asked).toBe(1);
    await expect
      .poll(async () => (await page.getByRole('alert').filter({ hasText: 'could not be turned on' }).count()) + (await page.getByTestId('push-state').textContent() === 'On' ? 1 : 0))
      .toBe(1);
    await screenshot(page, 'settings-push-after-grant');
  });

  it('keeps a mobile ‘Notify me about’ while ‘use different settings for my mobile devices’ is on, in Arabic on a phone', async () => {
    const { page } = await person('mobile', 'Mona Mobile', VIEWPORTS.phone);
    await inArabic(page);
    await page.goto('/settings?section=notifications');
    await page.getByLabel('استخدام إعدادات مختلفة لأجهزتي المحمولة').check();
    const mobile = page.getByRole('radiogroup', { name: 'على أجهزتي المحمولة، أرسل لي إشعارًا بشأن...' });
    await mobile.getByLabel('لا شيء').check();
    await page.getByRole('button', { name: 'تفعيل الإشعارات الفورية' }).waitFor();
    await checkA11y(page, 'notification settings with the mobile settings and push', page.getByTestId('push-state'), 'ar');
    await screenshot(page, 'settings-push-mobile-ar');
    await page.getByRole('button', { name: 'تحديث الإشعارات' }).click();
    await page.getByText('تم تحديث الإشعارات').first().waitFor();

    await page.reload();
    expect(await page.getByRole('radiogroup', { name: 'على أجهزتي المحمولة، أرسل لي إشعارًا بشأن...' }).getByLabel('لا شيء').isChecked()).toBe(true);
    expect(await page.getByRole('radiogroup', { name: 'أرسل لي إشعارًا بشأن...', exact: true }).getByLabel('جميع الرسائل الجديدة').isChecked()).toBe(true);
  });
});
