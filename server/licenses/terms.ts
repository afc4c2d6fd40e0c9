/** The license terms shown before a trial or enterprise license is created (GET /api/terms/license). */
export function licenseTerms(productName: string): string {
  return `${productName} License Terms

1. Grant. Subject to these terms and payment of the applicable fees, you may install and use ${productName} on infrastructure you control, for the number of users and GPUs stated on your license.
2. Trial. An Enterprise Trial is for evaluation only, lasts 14 days, and covers up to 10 users and 3 GPUs.
3. Community Edition. The free Community Edition is for organisations with under $10M annual revenue and under 250 employees.
4. Fees. Enterprise licenses are billed annually in advance. A license is activated once payment is received; bank transfers are activated within 1-2 business days of receipt.
5. Restrictions. You may not resell, sublicense or provide ${productName} as a hosted service to third parties without a partner agreement.
6. Data. ${productName} runs on your infrastructure; your data stays under your control.
7. Support. Support is provided at the level stated on your license (none, email or premium).
8. Term. Licenses are valid until their expiry date. Removing a license from your list does not end it.
9. Warranty. The software is provided as is, without warranty of any kind, to the extent permitted by law.
`;
}
