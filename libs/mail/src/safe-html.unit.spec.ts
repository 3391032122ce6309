import { describe, expect, test } from 'vitest';
import { sanitizeMailHtml, textOfMailHtml } from './safe-html.js';

describe('sanitizeMailHtml', () => {
  test('keeps text, structure, links and harmless styles', () => {
    const html = '<h1 style="color: #c00">Title</h1><p>Hi <a href="https://portal.example/x">there</a></p><table><tr><td colspan="2">cell</td></tr></table>';
    const safe = sanitizeMailHtml(html);
    expect(safe).toContain('<h1 style="color:#c00">Title</h1>');
    expect(safe).toContain('<a href="https://portal.example/x" rel="noopener noreferrer">there</a>');
    expect(safe).toContain('<td colspan="2">cell</td>');
  });

  test('drops scripts, handlers, frames, forms, style sheets and script links', () => {
    const html = '<p onclick="x()" onmouseover="y()">a</p><script>alert(1)</script><style>p{}</style><iframe src="https://e.test"></iframe>'
      + '<form action="https://e.test"><input name="p"></form><a href="javascript:alert(1)">b</a><img src="x" onerror="z()"><div style="background:url(https://e.test/t)">c</div>';
    const safe = sanitizeMailHtml(html);
    expect(safe).not.toMatch(/onclick|onmouseover|onerror|script|style>|iframe|form|input|javascript:|url\(/i);
    expect(textOfMailHtml(safe)).toBe('a\nbc');
  });

  test('the text part puts blocks on their own lines and decodes entities', () => {
    expect(textOfMailHtml('<p>One &amp; two</p><p>Three<br>four</p>')).toBe('One & two\nThree\nfour');
  });
});
