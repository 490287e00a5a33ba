// The order people expect names in (issue 37 item 11): runs of digits compare as numbers, so "Ambulance 2" comes
// before "Ambulance 11" instead of after it as it does character by character. Letters compare ignoring case first
// (then by case, then code unit, so the order is total and the same on every host: no locale). It walks both strings
// once without allocating, because the live list sorts ten thousand names with it.

const isDigit = (code: number) => code >= 48 && code <= 57;
const folded = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/** Negative, zero or positive as `a` sorts before, with or after `b` in natural order. */
export function compareNatural(a: string, b: string): number {
  let i = 0;
  let j = 0;
  let caseOrder = 0;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (isDigit(x) && isDigit(y)) {
      // Leading zeros carry no value; then the longer run of digits is the larger number.
      let startA = i;
      let startB = j;
      while (startA < a.length - 1 && a.charCodeAt(startA) === 48 && isDigit(a.charCodeAt(startA + 1)))
        startA++;
      while (startB < b.length - 1 && b.charCodeAt(startB) === 48 && isDigit(b.charCodeAt(startB + 1)))
        startB++;
      let endA = startA;
      let endB = startB;
      while (endA < a.length && isDigit(a.charCodeAt(endA))) endA++;
      while (endB < b.length && isDigit(b.charCodeAt(endB))) endB++;
      const lengths = endA - startA - (endB - startB);
      if (lengths !== 0) return lengths;
      for (let k = 0; k < endA - startA; k++) {
        const digits = a.charCodeAt(startA + k) - b.charCodeAt(startB + k);
        if (digits !== 0) return digits;
      }
      i = endA;
      j = endB;
      continue;
    }
    const letters = folded(x) - folded(y);
    if (letters !== 0) return letters;
    if (caseOrder === 0) caseOrder = x - y;
    i++;
    j++;
  }
  return a.length - i - (b.length - j) || caseOrder || (a < b ? -1 : a > b ? 1 : 0);
}
