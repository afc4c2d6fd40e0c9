import { z } from 'zod';
import { json, routesOf } from './route';

/**
 * GET /api/user-info (public-site 3 and 7): who the visitor's company is, from their IP address.
 * Lookup services leave many fields empty, so every field may be missing or null.
 */
const text = z.string().nullish();
const texts = z.array(z.string()).nullish();

export const companyCategory = z.object({
  industry: text,
  industryGroup: text,
  sector: text,
  subIndustry: text,
  gicsCode: text,
  sicCode: text,
  naicsCode: text,
});
export type CompanyCategory = z.infer<typeof companyCategory>;

export const companyInfo = z.object({
  id: text,
  name: text,
  domain: text,
  legalName: text,
  category: companyCategory.nullish(),
  tags: texts,
  foundedYear: z.number().int().nullish(),
  location: text,
  geo: z.object({ country: text, city: text, state: text }).nullish(),
  metrics: z.object({ employees: z.number().nullish(), employeesRange: text, estimatedAnnualRevenue: text }).nullish(),
  type: text,
  ticker: text,
  tech: texts,
  techCategories: texts,
});

/** The industries the server reports; the page maps them to its tabs (finance, healthcare, other). */
export const industryMatches = ['finance', 'healthcare', 'other'] as const;
export type IndustryMatch = (typeof industryMatches)[number];

export const userInfoResponse = z.object({
  companyInfo: companyInfo.nullable(),
  /** how sure the lookup is, 0 (no idea) to 1 */
  confidenceScore: z.number().min(0).max(1),
  /** kept as a plain string: a lookup service may send values this version does not know */
  industryMatch: z.string().nullable(),
});
export type UserInfoResponse = z.infer<typeof userInfoResponse>;

/** What a lookup service answers: the same shape, with score and industry optional. */
export const userInfoLookup = z.object({
  companyInfo: companyInfo.nullable(),
  confidenceScore: z.number().min(0).max(1).optional(),
  industryMatch: z.string().nullable().optional(),
});

const route = routesOf('marketing');

/** The visitor's company for the landing page. */
export const userInfoContract = {
  get: route('visitor', 'user-info.get', 'GET /api/user-info', {
    summary: "The visitor's company, from their address (502 when the lookup fails)",
    responses: { 200: json('Company', userInfoResponse) },
    rateLimited: true,
  }),
};
