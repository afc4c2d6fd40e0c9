import { describe, expect, it } from 'vitest';
import { calculateRoi } from './roi';
import { formatCount, formatPercent, formatUsdShort } from './roi-format';
import { roiDefaults } from './roi-inputs';
import { escapeHtml, roiReportHtml } from './roi-report';

describe('ROI report', () => {
  const result = calculateRoi(roiDefaults);
  const html = roiReportHtml(roiDefaults, result, 'Helix', new Date('2025-03-04T10:00:00Z'));

  it('is a complete page titled with the product name and the date', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>Helix ROI report</title>');
    expect(html).toContain('Prepared 2025-03-04');
    // self-contained: nothing fetched, nothing run
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//);
  });

  it('carries the figures of the calculation', () => {
    for (const text of ['$11,250,000', '$928,571', '$787,500', '$1,687,500', '$13,188,214', '$712,000', 'Month 6', '>62.5<', 'Financial services', 'Medium (9 months)']) {
      expect(html).toContain(text);
    }
    expect(html).toContain(formatPercent(result.firstYearRoi));
    expect(html).toContain('70 percent faster incident resolution');
  });

  it('shows at most 12 monthly rows', () => {
    const body = html.split('Monthly payback')[1]?.split('</table>')[0] ?? '';
    expect(body.match(/<tr>/g)).toHaveLength(13); // header + 12 months
    expect(body).toContain('<td>12</td>');
    expect(body).not.toContain('<td>13</td>');
  });

  it('escapes text it did not write', () => {
    const hostile = roiReportHtml(roiDefaults, result, '<img src=x onerror=alert(1)> & "Co"', new Date('2025-03-04T00:00:00Z'));
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot; ROI report');
    expect(hostile).not.toContain('<img');
    expect(escapeHtml(`a<b>&'"`)).toBe('a&lt;b&gt;&amp;&#39;&quot;');
  });
});

describe('ROI formats', () => {
  it.each([
    [1_234_567, '$1.2M'],
    [712_000, '$712K'],
    [950, '$950'],
    [-2_500_000, '-$2.5M'],
    [0, '$0'],
  ])('%d is %s on a chart axis', (n, text) => {
    expect(formatUsdShort(n)).toBe(text);
  });

  it.each([
    [834.7, '835%'],
    [-12.2, '-12%'],
    [12_345.6, '12,346%'],
  ])('ROI %d is %s', (n, text) => expect(formatPercent(n)).toBe(text));

  it.each([
    [75, '75'],
    [9.2857, '9.3'],
    [120_000, '120,000'],
  ])('count %d is %s', (n, text) => expect(formatCount(n)).toBe(text));
});
