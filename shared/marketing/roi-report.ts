import { roiAssumptions } from './roi-assumptions';
import { formatCount, formatPercent, formatUsd } from './roi-format';
import { adoptionSpeedLabels, industryLabels, type RoiInputs } from './roi-inputs';
import { formatPayback, type RoiResult } from './roi';

/** The printable report shows up to 12 monthly rows (public-site section 3). */
export const reportMonths = 12;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function rows(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
}

export function roiInputRows(i: RoiInputs): [string, string][] {
  return [
    ['Industry', industryLabels[i.industry]],
    ['Knowledge workers', formatCount(i.workers)],
    ['Average annual cost per worker', formatUsd(i.avgCost)],
    ['Automatable hours per week', formatCount(i.automatableHours)],
    ['Efficiency', `${i.efficiency}x`],
    ['Average deal or project value', formatUsd(i.dealValue)],
    ['Projects per year', formatCount(i.projectsPerYear)],
    ['Cost of one major incident', formatUsd(i.downtimeCost)],
    ['Major incidents per month', formatCount(i.incidents)],
    ['Months to build and roll out', formatCount(i.devMonths)],
    ['Adoption speed', adoptionSpeedLabels[i.adoptionSpeed]],
    ['Maximum adoption', `${formatCount(i.maxAdoption)}%`],
  ];
}

export function roiResultRows(r: RoiResult): [string, string][] {
  return [
    ['Capacity gain', formatUsd(r.capacityGain)],
    ['Equivalent hires', formatCount(r.equivalentHires)],
    ['Revenue acceleration', formatUsd(r.revenueAcceleration)],
    ['Additional projects per year', formatCount(r.additionalProjects)],
    ['Risk reduction', formatUsd(r.riskReduction)],
    ['Quality value', formatUsd(r.qualityValue)],
    ['Total annual value', formatUsd(r.totalAnnualValue)],
    ['Annual investment', formatUsd(r.investment)],
    ['First-year ROI', formatPercent(r.firstYearRoi)],
    ['Payback period', formatPayback(r.payback)],
    ['Second-year ROI', formatPercent(r.secondYearRoi)],
  ];
}

const styles = `
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111;max-width:860px;margin:32px auto;padding:0 24px;line-height:1.45}
h1{font-size:26px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ccc;padding-bottom:4px}
.meta{color:#555;margin:0 0 16px}table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e2e2e2}td.num,th.num{text-align:right}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:24px}.neg{color:#b42318}
@media print{body{margin:0}h2{break-after:avoid}tr{break-inside:avoid}}`;

/** A self-contained HTML page (no scripts, no outside resources) with the inputs, results and the first 12 months. */
export function roiReportHtml(inputs: RoiInputs, result: RoiResult, productName: string, date: Date): string {
  const day = date.toISOString().slice(0, 10);
  const title = `${productName} ROI report`;
  const months = result.months
    .slice(0, reportMonths)
    .map(
      (m) =>
        `<tr><td>${m.month}</td><td class="num">${m.adoption}%</td><td class="num">${escapeHtml(formatUsd(m.value))}</td>` +
        `<td class="num">${escapeHtml(formatUsd(m.cumulativeValue))}</td><td class="num${m.net < 0 ? ' neg' : ''}">${escapeHtml(formatUsd(m.net))}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">Prepared ${day}. Estimates from the inputs below; they are not a quote.</p>
<div class="grid">
<section><h2>Your inputs</h2><table><tbody>${rows(roiInputRows(inputs))}</tbody></table></section>
<section><h2>Results</h2><table><tbody>${rows(roiResultRows(result))}</tbody></table></section>
</div>
<h2>Insights</h2>
<ul>${result.insights.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<h2>Monthly payback</h2>
<table>
<thead><tr><th>Month</th><th class="num">Adoption</th><th class="num">Monthly value</th><th class="num">Cumulative value</th><th class="num">Net position</th></tr></thead>
<tbody>${months}</tbody>
</table>
<h2>Assumptions</h2>
<ul>${roiAssumptions(inputs)
    .map((s) => `<li>${escapeHtml(s)}</li>`)
    .join('')}</ul>
</body>
</html>
`;
}
