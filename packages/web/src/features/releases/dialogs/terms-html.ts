import DOMPurify from 'dompurify';

/**
 * The BL's terms as safe HTML (releases spec §2 "the terms text for the BL"): the carrier wrote
 * them, so scripts, event handlers, frames and forms are taken out before they are shown.
 */
export function sanitiseTerms(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
