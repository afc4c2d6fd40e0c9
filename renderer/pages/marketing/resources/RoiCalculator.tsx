import { useState } from 'react';
import { roiAssumptions } from '../../../../shared/marketing/roi-assumptions';
import { roiDefaultRaw, roiDefaults } from '../../../../shared/marketing/roi-inputs';
import { roiReportHtml } from '../../../../shared/marketing/roi-report';
import { platform } from '../../../platform/index';
import { toast } from '../../../shell/toast-store';
import { useBrand } from '../../../app/use-brand';
import { MonthlyTable } from './MonthlyTable';
import { RoiChart } from './RoiChart';
import { RoiForm } from './RoiForm';
import { RoiResults } from './RoiResults';
import { useDebouncedRoi } from './use-roi';

/** The ROI calculator of public-site 2.8 / 3 / 9, with its chart, monthly table, assumptions and report. */
export function RoiCalculator({ onPrint }: { onPrint: () => void }) {
  const brand = useBrand();
  const [raw, setRaw] = useState<Record<string, string>>(roiDefaultRaw);
  const calc = useDebouncedRoi(raw);

  const download = async () => {
    if (!calc) return;
    const html = roiReportHtml(calc.inputs, calc.result, brand.name, new Date());
    try {
      await platform.saveFile('roi-report.html', new Blob([html], { type: 'text/html' }));
    } catch (e) {
      toast({ kind: 'error', title: 'Could not save the ROI report', message: e instanceof Error ? e.message : undefined });
    }
  };

  return (
    <div className="roi" data-testid="roi-calculator">
      <div className="roi-layout">
        <div className="roi-inputs">
          <h3>Your organisation</h3>
          <RoiForm raw={raw} onChange={(id, value) => setRaw((r) => ({ ...r, [id]: value }))} />
          <button type="button" className="btn btn-small roi-reset" onClick={() => setRaw(roiDefaultRaw())}>
            Reset to defaults
          </button>
        </div>
        <div className="roi-output">
          <h3 className="roi-print-title">{brand.name} ROI report</h3>
          {calc ? (
            <RoiResults result={calc.result} />
          ) : (
            <p className="muted" aria-busy="true">
              Calculating…
            </p>
          )}
        </div>
      </div>

      {calc && (
        <>
          <RoiChart result={calc.result} />
          <MonthlyTable months={calc.result.months} />
        </>
      )}

      <details className="roi-assumptions" data-testid="roi-assumptions">
        <summary>Assumptions</summary>
        <ul>
          {/* written from the same ramp as the monthly table, for the inputs shown */}
          {roiAssumptions(calc?.inputs ?? roiDefaults).map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </details>

      <div className="roi-actions">
        <button type="button" className="btn btn-primary" disabled={!calc} onClick={() => void download()}>
          Download ROI report
        </button>
        <button type="button" className="btn" disabled={!calc} onClick={onPrint}>
          Print report
        </button>
      </div>
    </div>
  );
}
