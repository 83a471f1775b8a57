import { describe, expect, it } from 'vitest';
import { sanitizeTerms } from './sanitize-terms.ts';

describe('DESIGN §3 "Free text that is shown as HTML (BL terms) is sanitised"', () => {
  it('keeps text markup, lists, tables and plain links', () => {
    const html =
      '<h2>Terms</h2><p><b>Free</b> time: <em>5 days</em></p><ul><li>one</li></ul><table><tr><td colspan="2">x</td></tr></table>';
    expect(sanitizeTerms(html)).toBe(
      '<h2>Terms</h2><p><b>Free</b> time: <em>5 days</em></p><ul><li>one</li></ul><table><tr><td colspan="2">x</td></tr></table>',
    );
    expect(sanitizeTerms('<a href="https://line.example/terms">terms</a>')).toBe(
      '<a href="https://line.example/terms" rel="noopener noreferrer" target="_blank">terms</a>',
    );
  });

  it('drops scripts, styles, frames, event handlers and javascript: links', () => {
    const html = [
      '<p onclick="steal()" style="color:red">hello</p>',
      '<script>alert(1)</script>',
      '<style>p{}</style>',
      '<iframe src="https://evil.example"></iframe>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">click</a>',
      '<svg><script>alert(1)</script></svg>',
      '<form action="https://evil.example"><input name="pin"></form>',
    ].join('');
    const clean = sanitizeTerms(html)!;
    expect(clean).toBe('<p>hello</p><a rel="noopener noreferrer" target="_blank">click</a>');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|iframe|style|form|input/i);
  });

  it('keeps null as null', () => {
    expect(sanitizeTerms(null)).toBeNull();
  });
});
