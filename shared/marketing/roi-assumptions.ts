import { adoptionAt, adoptionRamps, hoursPerYear } from './roi';
import type { RoiInputs } from './roi-inputs';

/**
 * The assumptions behind the ROI figures, shown in the calculator's assumptions toggle and in the
 * report. The roll-out line is written from the same ramp the monthly table reads (`adoptionAt`),
 * for the inputs shown, so the text and the table never disagree (issue 31).
 */
export function roiAssumptions(i: Pick<RoiInputs, 'devMonths' | 'adoptionSpeed' | 'maxAdoption'>): string[] {
  return [
    `A working year is 48 weeks of 40 hours, so the hourly rate is the annual cost divided by ${hoursPerYear.toLocaleString('en-US')}, and an equivalent hire is ${hoursPerYear.toLocaleString('en-US')} hours a year.`,
    'Time saved per worker is the automatable hours × (1 − 1 / efficiency).',
    rolloutText(i),
    'Incidents are resolved 70 percent faster, and a quarter of that gain is counted as realised value.',
    'Total value is capacity, revenue acceleration, risk reduction and quality, scaled by the maximum adoption.',
    'The annual investment is $312,000 for 100 workers; below that, $120,000 plus $1,200 per worker; above it, $1,000 for each further worker. It is billed at the start of each year.',
  ];
}

/** `Roll-out (medium): months 1–3 at 0%, month 4 10%, …, 11 and after 90%.`, read from the ramp month by month. */
export function rolloutText(i: Pick<RoiInputs, 'devMonths' | 'adoptionSpeed' | 'maxAdoption'>): string {
  const at = (month: number) => adoptionAt(month, i.devMonths, i.adoptionSpeed, i.maxAdoption);
  const parts: string[] = [i.devMonths > 1 ? `months 1–${i.devMonths} at 0%` : 'month 1 at 0%'];
  const last = i.devMonths + adoptionRamps[i.adoptionSpeed].length;
  let month = i.devMonths + 1;
  // Month by month until the ramp holds its last (capped) value.
  while (month <= last && at(month) !== at(last + 1)) {
    parts.push(`${parts.length === 1 ? 'month ' : ''}${month} ${at(month)}%`);
    month++;
  }
  parts.push(`${month === i.devMonths + 1 ? 'month ' : ''}${month} and after ${at(month)}%`);
  return `Roll-out (${i.adoptionSpeed}): ${parts.join(', ')}.`;
}
