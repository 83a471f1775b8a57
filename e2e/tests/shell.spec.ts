import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test.ts';

type Messages = { [key: string]: string | Messages };
const flatten = (messages: Messages, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
const locale = (code: string) =>
  flatten(
    JSON.parse(
      readFileSync(new URL(`../../packages/web/src/locales/${code}.json`, import.meta.url), 'utf8'),
    ) as Messages,
  );

const english = locale('en');
const translationKeys = Object.keys(english);
const languages = ['fr', 'nl', 'de', 'it', 'en'] as const;

test('access spec §2 "App shell": languages, cookie consent and help drawer', async ({
  page,
  context,
}, testInfo) => {
  // A protected route sends an unauthenticated visitor through /loading to the login frame.
  await page.goto('/releases');
  await expect(page).toHaveURL(/\/login\?fwd=%2Freleases/);
  await expect(page.getByTestId('login-frame')).toBeVisible();
  await expect(page.getByTestId('version-badge')).toContainText('e2e');

  for (const language of languages) {
    await page.getByTestId('language-switch').click();
    await page.getByTestId(`language-option-${language}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const messages = locale(language);
    await expect(page.getByTestId('login-frame')).toContainText(messages['login.welcome']!);
    const text = await page.locator('body').innerText();
    const untranslated = translationKeys.filter((key) => text.includes(key));
    expect(untranslated, `untranslated keys visible in ${language}`).toEqual([]);
  }

  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  await page.getByTestId('cookie-accept').click();
  await expect(page.getByTestId('cookie-banner')).toBeHidden();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'cookieAccepted')?.value)
    .toBe('true');
  await page.reload();
  await expect(page.getByTestId('login-frame')).toBeVisible();
  await expect(page.getByTestId('cookie-banner')).toBeHidden();

  await page.getByTestId('help-toggle').click();
  const drawer = page.getByTestId('help-drawer');
  await expect(drawer).toBeVisible();
  await expect(page.getByTestId('help-frame')).toHaveAttribute('src', /\/help\/en\//);
  const help = page.frameLocator('[data-testid="help-frame"]');
  await expect(help.locator('h1')).toBeVisible();
  // On a desktop-wide window the drawer's paper (border included) is a quarter of the viewport.
  const width = await drawer.evaluate(
    (element) => element.closest('.MuiDrawer-paper')!.getBoundingClientRect().width,
  );
  const viewport = page.viewportSize()!;
  expect(viewport.width).toBeGreaterThanOrEqual(900);
  expect(Math.round(width)).toBe(Math.round(viewport.width * 0.25));

  await page.screenshot({ path: testInfo.outputPath('app-shell.png'), fullPage: true });
});

test('motion follows the system setting: with reduced motion no ripple, no transition, no spinning (WCAG 2.3.3)', async ({
  browser,
}) => {
  // The journeys run as a user who prefers reduced motion (playwright.config.ts); here both.
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto('/login');
    const animated = reducedMotion === 'no-preference';
    const toggle = page.getByTestId('help-toggle');
    await expect(toggle).toBeVisible();
    await toggle.click();
    // A pressed button ripples only where motion is welcome.
    await expect(toggle.locator('.MuiTouchRipple-root')).toHaveCount(animated ? 1 : 0);
    await page.keyboard.press('Escape');
    // The language menu grows and fades in, or is there at once.
    await page.getByTestId('language-switch').click();
    const paper = page.locator('.MuiMenu-paper', { has: page.getByTestId('language-option-en') });
    await expect(paper).toBeVisible();
    const transition = await paper.evaluate((element) => element.style.transition);
    if (animated) expect(transition).toContain('opacity');
    else expect(transition).not.toContain('opacity');
    // Keyframe animations (a spinner, a skeleton) stop after their first frame, and no element
    // transitions, not even one that asks for it.
    const [duration, transitioned] = await paper.evaluate((element) => {
      const probe = element.ownerDocument.createElement('div');
      probe.style.animation = 'probe 1s infinite';
      probe.style.transition = 'color 1s';
      element.append(probe);
      const style = element.ownerDocument.defaultView!.getComputedStyle(probe);
      const values = [style.animationDuration, style.transitionProperty];
      probe.remove();
      return values;
    });
    expect(duration).toBe(animated ? '1s' : '1e-05s');
    expect(transitioned).toBe(animated ? 'color' : 'none');
    await context.close();
  }
});

test('access spec §4 "Cookie consent": declining keeps chat and analytics away', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await page.getByTestId('cookie-decline').click();
  await expect(page.getByTestId('cookie-banner')).toBeHidden();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'cookieAccepted')?.value).toBe('false');
});

test('the server answers API errors as JSON with a catalogued code and no stack', async ({
  request,
}) => {
  const answer = await request.get('/api/no-such-service');
  expect(answer.status()).toBe(404);
  const body = (await answer.json()) as { data?: { code?: string }; stack?: unknown };
  expect(body.data?.code).toBe('not_found');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
});
