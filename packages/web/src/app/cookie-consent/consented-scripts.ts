import type { AppInfo } from '../../api/app-info.ts';

export type ConsentedScript = 'chat' | 'analytics';

/**
 * Adds the live chat and analytics scripts (access spec §2: "Live chat and analytics load only
 * after cookie consent is accepted"). Call it only once the visitor said OK; an installation
 * without a URL for one of them simply has none. Adding twice is harmless.
 */
export function loadConsentedScripts(
  info: Pick<AppInfo, 'chatScriptUrl' | 'analyticsScriptUrl'>,
  doc: Document = document,
): ConsentedScript[] {
  const wanted: [ConsentedScript, string | null][] = [
    ['chat', info.chatScriptUrl],
    ['analytics', info.analyticsScriptUrl],
  ];
  const added: ConsentedScript[] = [];
  for (const [kind, url] of wanted) {
    if (!url || doc.querySelector(`script[data-consented="${kind}"]`)) continue;
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.consented = kind;
    doc.head.appendChild(script);
    added.push(kind);
  }
  return added;
}
