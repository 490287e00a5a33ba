// CSV cells as a spreadsheet reads them (issue 24): formula-like text made inert as OWASP advises, numbers kept.
import { describe, expect, it } from 'vitest';
import { csvLine } from '#domain/exports/exportRows';
import { sampleAsCsv } from '#domain/integrations/configFile';

describe('CSV formula injection', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1+cmd', "'+1+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
  ])('neutralises %j', (text, cell) => {
    expect(csvLine([text])).toBe(`${cell}\r\n`);
  });

  it('keeps numbers and plain text as they are', () => {
    expect(csvLine([-87.6167, '-87.6167', '41.86', 'Arrow 1', 'a,b', null, true])).toBe(
      '-87.6167,-87.6167,41.86,Arrow 1,"a,b",,true\r\n',
    );
  });

  it('is the same writer for the sample device configuration', () => {
    const sample = { org: '=cmd|calc', heartbeat_interval: 2 } as unknown as Parameters<
      typeof sampleAsCsv
    >[0];
    expect(sampleAsCsv(sample)).toBe("org,heartbeat_interval\n'=cmd|calc,2\n");
  });
});
