import { useEffect, useState } from 'react';
import { calculateRoi, type RoiResult } from '../../../../shared/marketing/roi';
import { type RoiInputs, readRoiInputs } from '../../../../shared/marketing/roi-inputs';

/** Public-site 4: results appear about 100 ms after the page loads and follow every input change, debounced by the same delay. */
export const roiRecalcDelayMs = 100;

export interface RoiCalculation {
  inputs: RoiInputs;
  result: RoiResult;
}

export function useDebouncedRoi(raw: Record<string, string>): RoiCalculation | undefined {
  const [calc, setCalc] = useState<RoiCalculation | undefined>(undefined);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const inputs = readRoiInputs(raw);
      setCalc({ inputs, result: calculateRoi(inputs) });
    }, roiRecalcDelayMs);
    return () => window.clearTimeout(timer);
  }, [raw]);
  return calc;
}
