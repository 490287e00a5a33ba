// The texts an uncompressed pdfkit PDF shows, one per text-showing operator: pdfkit writes each run of text as a
// TJ array of hex strings split wherever the font kerns a pair, so the parts are joined and decoded here.
export function pdfTexts(pdf: string): string[] {
  const texts: string[] = [];
  for (const match of pdf.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)) {
    const hex = [...(match[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((part) => part[1] ?? '').join('');
    texts.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return texts;
}
