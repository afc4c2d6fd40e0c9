/**
 * The ROI calculator's inputs (public-site section 3): form ids, ranges, defaults, and how a
 * form's raw strings become numbers. Blank or non-numeric values fall back to the default
 * (section 4); numbers outside a range are held to it (section 5).
 */

export const industries = ['financial', 'healthcare', 'enterprise'] as const;
export type Industry = (typeof industries)[number];
export const industryLabels: Record<Industry, string> = {
  financial: 'Financial services',
  healthcare: 'Healthcare',
  enterprise: 'Enterprise (other industries)',
};

export const efficiencyOptions = [1.1, 1.2, 1.5, 2, 3, 5] as const;

export const adoptionSpeeds = ['slow', 'medium', 'fast'] as const;
export type AdoptionSpeed = (typeof adoptionSpeeds)[number];
export const adoptionSpeedLabels: Record<AdoptionSpeed, string> = {
  slow: 'Slow (12 months)',
  medium: 'Medium (9 months)',
  fast: 'Fast (6 months)',
};

export interface RoiInputs {
  industry: Industry;
  workers: number;
  avgCost: number;
  automatableHours: number;
  efficiency: number;
  dealValue: number;
  projectsPerYear: number;
  downtimeCost: number;
  incidents: number;
  devMonths: number;
  adoptionSpeed: AdoptionSpeed;
  maxAdoption: number;
}

type NumberKey = Exclude<keyof RoiInputs, 'industry' | 'adoptionSpeed'>;

export interface RoiNumberField {
  key: NumberKey;
  id: string;
  label: string;
  min: number;
  max: number;
  step: number;
  default: number;
  /** a slider in the form (the spec's "range" inputs) */
  range?: boolean;
}

/** Efficiency is a choice from `efficiencyOptions`; its min/max are the ends of that list. */
export const roiNumberFields: RoiNumberField[] = [
  { key: 'workers', id: 'roiWorkers', label: 'Knowledge workers', min: 10, max: 10_000, step: 1, default: 500 },
  { key: 'avgCost', id: 'roiAvgCost', label: 'Average fully loaded annual cost per worker ($)', min: 50_000, max: 500_000, step: 10_000, default: 150_000 },
  { key: 'automatableHours', id: 'roiAutomatableHours', label: 'Hours per week of automatable work', min: 5, max: 30, step: 1, default: 15, range: true },
  { key: 'efficiency', id: 'roiEfficiency', label: 'Efficiency on that work', min: 1.1, max: 5, step: 0.1, default: 1.5 },
  { key: 'dealValue', id: 'roiDealValue', label: 'Average deal or project value ($)', min: 10_000, max: 10_000_000, step: 10_000, default: 100_000 },
  { key: 'projectsPerYear', id: 'roiProjectsPerYear', label: 'Projects per year', min: 1, max: 1000, step: 1, default: 50 },
  { key: 'downtimeCost', id: 'roiDowntimeCost', label: 'Cost of one major incident ($)', min: 1000, max: 1_000_000, step: 1000, default: 50_000 },
  { key: 'incidents', id: 'roiIncidents', label: 'Major incidents per month', min: 0, max: 50, step: 1, default: 5 },
  { key: 'devMonths', id: 'roiDevMonths', label: 'Months to build and roll out', min: 1, max: 6, step: 1, default: 3, range: true },
  { key: 'maxAdoption', id: 'roiMaxAdoption', label: 'Maximum adoption (%)', min: 50, max: 100, step: 1, default: 90, range: true },
];

export const roiSelectIds = { industry: 'roiIndustry', adoptionSpeed: 'roiAdoptionSpeed' } as const;

/**
 * The spec lists no default industry; the form starts on the first option, as a plain select
 * does. An unknown industry is priced as enterprise (section 9), see `multipliersOf`.
 */
export const roiDefaults: RoiInputs = {
  industry: 'financial',
  ...(Object.fromEntries(roiNumberFields.map((f) => [f.key, f.default])) as Record<NumberKey, number>),
  adoptionSpeed: 'medium',
};

function isOneOf<T extends string>(list: readonly T[], v: string | undefined): v is T {
  return v !== undefined && (list as readonly string[]).includes(v);
}

function readNumber(raw: string | undefined, field: RoiNumberField): number {
  const n = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(n)) return field.default;
  return Math.min(field.max, Math.max(field.min, n));
}

/** A typed efficiency snaps to the nearest offered multiple. */
function nearestEfficiency(n: number): number {
  return efficiencyOptions.reduce((best, o) => (Math.abs(o - n) < Math.abs(best - n) ? o : best), efficiencyOptions[0]);
}

/** Reads the form by element id (`roiWorkers`, …). */
export function readRoiInputs(raw: Record<string, string>): RoiInputs {
  const numbers = Object.fromEntries(roiNumberFields.map((f) => [f.key, readNumber(raw[f.id], f)])) as Record<NumberKey, number>;
  const industry = raw[roiSelectIds.industry];
  const speed = raw[roiSelectIds.adoptionSpeed];
  return {
    ...numbers,
    // Blank keeps the form's default; any other unknown value is priced as enterprise.
    industry: industry === undefined || industry.trim() === '' ? roiDefaults.industry : isOneOf(industries, industry) ? industry : 'enterprise',
    efficiency: nearestEfficiency(numbers.efficiency),
    adoptionSpeed: isOneOf(adoptionSpeeds, speed) ? speed : roiDefaults.adoptionSpeed,
  };
}

/** The form's starting values, as the strings its inputs hold. */
export function roiDefaultRaw(): Record<string, string> {
  return {
    [roiSelectIds.industry]: roiDefaults.industry,
    [roiSelectIds.adoptionSpeed]: roiDefaults.adoptionSpeed,
    ...Object.fromEntries(roiNumberFields.map((f) => [f.id, String(f.default)])),
  };
}

/** The quick calculator (section 9): 4 hours a week saved per worker over 48 weeks. */
export interface QuickInputs {
  workers: number;
  rate: number;
  efficiency: number;
}
export const quickDefaults: QuickInputs = { workers: 50, rate: 100, efficiency: 2 };

export function readQuickInputs(raw: { workers: string; rate: string; efficiency: string }): QuickInputs {
  const read = (text: string, fallback: number) => {
    const n = text.trim() === '' ? Number.NaN : Number(text);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  return { workers: read(raw.workers, quickDefaults.workers), rate: read(raw.rate, quickDefaults.rate), efficiency: read(raw.efficiency, quickDefaults.efficiency) };
}

export function quickRoi(i: QuickInputs): { hoursSaved: number; value: number } {
  const hoursSaved = i.workers * 4 * 48;
  return { hoursSaved, value: hoursSaved * i.rate * i.efficiency };
}
