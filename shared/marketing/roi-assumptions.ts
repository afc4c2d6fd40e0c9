/**
 * The assumptions behind the ROI figures, shown in the calculator's assumptions toggle and in the
 * report. The roll-out line is the spec's assumptions text as written (public-site section 9);
 * the calculator's own medium ramp differs from it, see `adoptionRamps` in roi.ts.
 */
export const roiAssumptions: readonly string[] = [
  'A working year is 48 weeks of 40 hours, so the hourly rate is the annual cost divided by 1,920.',
  'Time saved per worker is the automatable hours × (1 − 1 / efficiency).',
  'Typical roll-out: months 1–3 at 0%, month 4 10%, 5 25%, 6 40%, 7 60%, 8 75%, 9 85%, 10 and after 90%.',
  'Incidents are resolved 70 percent faster, and a quarter of that gain is counted as realised value.',
  'Total value is capacity, revenue acceleration, risk reduction and quality, scaled by the maximum adoption.',
  'The annual investment is $312,000 for 100 workers; below that, $120,000 plus $1,200 per worker; above it, $1,000 for each further worker. It is billed at the start of each year.',
];
