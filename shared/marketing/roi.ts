import type { AdoptionSpeed, Industry, RoiInputs } from './roi-inputs';
import { formatUsd } from './license-calculator';

/**
 * The ROI model of the resources page (public-site section 9). Rules the spec states are
 * implemented as stated; where it names an output without a formula, the model chosen is written
 * beside the function. All money is US dollars per year unless a name says otherwise.
 */

export const workWeeksPerYear = 48;
export const hoursPerWeek = 40;
export const hoursPerYear = workWeeksPerYear * hoursPerWeek; // 1920

export interface IndustryMultipliers {
  capacity: number;
  project: number;
  risk: number;
  /** share of the freed capacity's value recovered as fewer errors and less rework */
  quality: number;
  avgProjectWeeks: number;
}

export const industryMultipliers: Record<Industry, IndustryMultipliers> = {
  financial: { capacity: 1.2, project: 1.3, risk: 1.5, quality: 0.15, avgProjectWeeks: 3 },
  healthcare: { capacity: 1.1, project: 1, risk: 2, quality: 0.18, avgProjectWeeks: 6 },
  enterprise: { capacity: 1, project: 1, risk: 1, quality: 0.12, avgProjectWeeks: 4 },
};

/** An unknown industry uses enterprise. */
export function multipliersOf(industry: string): IndustryMultipliers {
  return (industryMultipliers as Record<string, IndustryMultipliers | undefined>)[industry] ?? industryMultipliers.enterprise;
}

/**
 * Monthly adoption (percent) once the build months are over. The spec also quotes an assumptions
 * text for a medium roll-out (month 4 10%, 5 25%, 6 40%, 7 60%, 8 75%, 9 85%, then 90%) that
 * differs from the medium ramp here; the calculator uses these ramps, and the page's assumptions
 * text is written from them (roi-assumptions.ts), so the text and the monthly table agree.
 */
export const adoptionRamps: Record<AdoptionSpeed, readonly number[]> = {
  slow: [5, 10, 15, 25, 35, 45, 55, 65, 75, 85, 90, 95],
  medium: [10, 25, 40, 55, 70, 80, 85, 90, 95],
  fast: [20, 40, 60, 75, 85, 95],
};

export const tableMonths = 24;
/** Report texts of section 9. */
export const incidentResolutionGain = 0.7;
export const realisedRiskFactor = 0.25;

export function hourlyRate(avgCost: number): number {
  return avgCost / hoursPerYear;
}

/** Hours per week a worker gets back: hours × (1 − 1 / efficiency). */
export function timeSavedPerWorker(automatableHours: number, efficiency: number): number {
  return efficiency > 0 ? automatableHours * (1 - 1 / efficiency) : 0;
}

/** 312000 at 100 workers; below, 120000 + 1200 per worker; above, 312000 + 1000 per worker over 100. */
export function annualInvestment(workers: number): number {
  if (workers < 100) return 120_000 + 1_200 * workers;
  return 312_000 + 1_000 * (workers - 100);
}

/** Adoption in month `month` (1-based): 0 during the build months, then the ramp, capped and held. */
export function adoptionAt(month: number, devMonths: number, speed: AdoptionSpeed, maxAdoption: number): number {
  if (month <= devMonths) return 0;
  const ramp = adoptionRamps[speed];
  const step = ramp[Math.min(month - devMonths, ramp.length) - 1] ?? 0;
  return Math.min(step, maxAdoption);
}

/** incidents × 12 × downtime factor (healthcare 0.5) × 0.7 × downtime cost × risk multiplier × 0.25 */
export function riskValue(i: Pick<RoiInputs, 'industry' | 'incidents' | 'downtimeCost'>): number {
  const downtimeFactor = i.industry === 'healthcare' ? 0.5 : 1;
  return i.incidents * 12 * downtimeFactor * incidentResolutionGain * i.downtimeCost * multipliersOf(i.industry).risk * realisedRiskFactor;
}

export interface RoiMonth {
  month: number;
  /** percent */
  adoption: number;
  value: number;
  cumulativeValue: number;
  /** investment charged this month */
  cost: number;
  cumulativeCost: number;
  /** cumulative value − cumulative cost */
  net: number;
}

export interface Payback {
  /** whole month within the first year, or a fractional month count beyond it */
  months: number;
  withinFirstYear: boolean;
}

export interface RoiResult {
  hourlyRate: number;
  /** hours per week per worker */
  timeSavedPerWorker: number;
  annualHoursSaved: number;
  capacityGain: number;
  equivalentHires: number;
  /** share of each project's elapsed time removed */
  cycleReduction: number;
  weeksSavedPerProject: number;
  additionalProjects: number;
  revenueAcceleration: number;
  riskReduction: number;
  qualityValue: number;
  /** capacity + revenue acceleration + risk + quality, before adoption */
  fullPotentialValue: number;
  /** the full potential scaled by maximum adoption */
  totalAnnualValue: number;
  investment: number;
  firstYearValue: number;
  secondYearValue: number;
  /** percent */
  firstYearRoi: number;
  secondYearRoi: number;
  /** undefined when value never covers cost */
  payback: Payback | undefined;
  months: RoiMonth[];
  insights: string[];
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function calculateRoi(i: RoiInputs): RoiResult {
  const m = multipliersOf(i.industry);
  const rate = hourlyRate(i.avgCost);
  const saved = timeSavedPerWorker(i.automatableHours, i.efficiency);
  const annualHoursSaved = i.workers * saved * workWeeksPerYear;

  // Capacity gain: the freed hours valued at the hourly rate, weighted by the industry's capacity multiplier.
  const capacityGain = annualHoursSaved * rate * m.capacity;
  // Equivalent hires: the hours handed back, in full-time years of 1,920 hours (the figure the page shows beside them).
  const equivalentHires = annualHoursSaved / hoursPerYear;

  // Projects: the automatable share of a working week, done `efficiency` times faster, comes off
  // each project's elapsed time. The same team then delivers 1 / (1 − reduction) as many projects;
  // the extra ones, weighted by the project multiplier, are the additional projects, and each
  // brings the average deal value (revenue acceleration).
  const cycleReduction = (Math.min(i.automatableHours, hoursPerWeek) / hoursPerWeek) * (1 - 1 / i.efficiency);
  const weeksSavedPerProject = m.avgProjectWeeks * cycleReduction;
  const additionalProjects = i.projectsPerYear * (cycleReduction / (1 - cycleReduction)) * m.project;
  const revenueAcceleration = additionalProjects * i.dealValue;

  const riskReduction = riskValue(i);
  // Quality: errors and rework avoided, as the industry's quality share of the capacity gain.
  const qualityValue = capacityGain * m.quality;

  const fullPotentialValue = capacityGain + revenueAcceleration + riskReduction + qualityValue;
  const totalAnnualValue = fullPotentialValue * (i.maxAdoption / 100);
  const investment = annualInvestment(i.workers);

  // Cost accrues as the licence is billed: a year's investment up front in month 1, again in month 13.
  const months: RoiMonth[] = [];
  let cumulativeValue = 0;
  let cumulativeCost = 0;
  for (let month = 1; month <= tableMonths; month++) {
    const adoption = adoptionAt(month, i.devMonths, i.adoptionSpeed, i.maxAdoption);
    const value = (fullPotentialValue / 12) * (adoption / 100);
    const cost = (month - 1) % 12 === 0 ? investment : 0;
    cumulativeValue += value;
    cumulativeCost += cost;
    months.push({ month, adoption, value, cumulativeValue, cost, cumulativeCost, net: cumulativeValue - cumulativeCost });
  }

  const firstYearValue = months.slice(0, 12).reduce((s, r) => s + r.value, 0);
  const secondYearValue = months.slice(12, 24).reduce((s, r) => s + r.value, 0);
  // Each year's value against that year's investment.
  const roi = (value: number) => (investment > 0 ? ((value - investment) / investment) * 100 : 0);

  const payback = paybackOf(months, totalAnnualValue / 12);
  const result: Omit<RoiResult, 'insights'> = {
    hourlyRate: rate,
    timeSavedPerWorker: saved,
    annualHoursSaved,
    capacityGain,
    equivalentHires,
    cycleReduction,
    weeksSavedPerProject,
    additionalProjects,
    revenueAcceleration,
    riskReduction,
    qualityValue,
    fullPotentialValue,
    totalAnnualValue,
    investment,
    firstYearValue,
    secondYearValue,
    firstYearRoi: roi(firstYearValue),
    secondYearRoi: roi(secondYearValue),
    payback,
    months,
  };
  return { ...result, insights: insightsOf(i, result) };
}

/**
 * The first month within the first year whose cumulative value reaches the cumulative cost;
 * otherwise 12 months plus the cost still uncovered after month 12 over the full-adoption monthly value.
 */
export function paybackOf(months: RoiMonth[], fullAdoptionMonthlyValue: number): Payback | undefined {
  const firstYear = months.slice(0, 12);
  const hit = firstYear.find((r) => r.cumulativeCost > 0 && r.cumulativeValue >= r.cumulativeCost);
  if (hit) return { months: hit.month, withinFirstYear: true };
  const last = firstYear[firstYear.length - 1];
  if (!last || fullAdoptionMonthlyValue <= 0) return undefined;
  return { months: 12 + (last.cumulativeCost - last.cumulativeValue) / fullAdoptionMonthlyValue, withinFirstYear: false };
}

/** `Month 6`, `14.3 months`, or that it does not pay back. */
export function formatPayback(p: Payback | undefined): string {
  if (!p) return 'Not reached';
  return p.withinFirstYear ? `Month ${p.months}` : `${round1(p.months).toFixed(1)} months`;
}

function insightsOf(i: RoiInputs, r: Omit<RoiResult, 'insights'>): string[] {
  const list = [
    `${count.format(Math.round(r.annualHoursSaved))} hours a year handed back to your teams: the capacity of ${count.format(round1(r.equivalentHires))} full-time hires at ${count.format(hoursPerYear)} hours a year each.`,
    `Projects finish ${count.format(round1(r.weeksSavedPerProject))} weeks sooner, making room for ${count.format(round1(r.additionalProjects))} more projects a year.`,
    `70 percent faster incident resolution avoids about ${formatUsd(r.riskReduction)} of downtime cost a year.`,
  ];
  if (i.industry === 'healthcare') list.push('95 percent faster patient documentation gives clinicians their time back for patients.');
  if (!r.payback) list.push('At these inputs the value does not yet cover the investment; more automatable hours or wider adoption change that.');
  else if (r.payback.withinFirstYear) list.push(`The investment pays for itself in month ${r.payback.months}, ${r.payback.months - i.devMonths} months after go-live.`);
  else list.push(`The investment pays for itself after about ${round1(r.payback.months).toFixed(1)} months.`);
  const peak = r.months.find((m) => m.adoption === Math.max(...r.months.map((x) => x.adoption)));
  if (peak && peak.adoption > 0) list.push(`Adoption reaches ${peak.adoption}% by month ${peak.month}.`);
  return list;
}
