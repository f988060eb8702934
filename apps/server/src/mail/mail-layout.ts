/** Wraps a message's paragraphs into the plain-text and HTML bodies every e-mail of the product shares. */
export function mailBody(greeting: string, paragraphs: string[], signature: string): { text: string; html: string } {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), '—', signature].join('\n');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;font-size:14px;color:#222">
<p>${esc(greeting)}</p>
${paragraphs.map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
<p style="color:#777">— ${esc(signature)}</p>
</body></html>`;
  return { text, html };
}
