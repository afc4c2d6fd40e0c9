import { governingLawTable } from './governing-law';
import type { LegalDocument } from './types';

/**
 * The Subscription Service Agreement (public-site 2.16, legal constants of section 9, terms of
 * section 6). The spec's source text stops in the US government users clause and does not show
 * the sections between it and 18.1; sections 15–17 here are our own plain wording so the
 * document is whole.
 */
export function termsOfService(productName: string): LegalDocument {
  const we = productName;
  return {
    name: 'Subscription Service Agreement',
    lastUpdated: 'November 1, 2023',
    intro: [
      `This Subscription Service Agreement (the “Agreement”) is between ${we} (“${we}”, “we”, “us”) and the organisation or person that accepts it (the “Customer”, “you”). It governs the Customer’s use of the ${we} platform, whether self-hosted under a license or used as a hosted service.`,
      'By creating an account, generating a license key, placing an Order or using the Service, the Customer accepts this Agreement. A person accepting on behalf of an organisation confirms they have authority to bind it.',
    ],
    sections: [
      {
        id: 'definitions',
        number: '1',
        title: 'Definitions',
        body: [
          {
            list: [
              `“Service” means the ${we} software, hosted platform, trial virtual machines, managed GPU hosting and related support that we make available.`,
              '“Order” means an order form, online checkout or license request that names the offering, quantities, fees and Subscription Term.',
              '“Subscription Term” means the period stated in the Order, including any renewals.',
              '“Users” means the individuals authorised by the Customer to use the Service under the Customer’s account or license, such as employees and contractors.',
              '“Customer Data” means data, prompts, documents, files and other content that the Customer or its Users submit to or process with the Service.',
              '“Documentation” means the user and installation guides we publish for the Service.',
            ],
          },
        ],
      },
      {
        id: 'access-and-use',
        number: '2',
        title: 'Access and use',
        body: [
          'Subject to this Agreement and payment of the fees, we grant the Customer a non-exclusive, non-transferable right during the Subscription Term to install and use the Service (or, for hosted offerings, to access it) for its internal business purposes, within the user and GPU limits of the Order.',
          'The Customer is responsible for its Users’ compliance with this Agreement, for keeping account credentials and license keys confidential, and for all activity under its account.',
        ],
      },
      {
        id: 'offerings',
        number: '3',
        title: 'Offerings and eligibility',
        body: [
          'The Personal offering is restricted to personal use, educational use, non-commercial open source projects and small businesses with fewer than 250 employees and under US$10M annual revenue. Government entities may not use the Personal offering, except for educational use.',
          'The free community edition is available to organisations under US$10M annual revenue and under 250 employees. Organisations above either limit need an enterprise license.',
          'The Service is not directed to children, and we do not knowingly provide it to children under 13.',
        ],
      },
      {
        id: 'restrictions',
        number: '4',
        title: 'Restrictions',
        body: [
          'The Customer will not, and will not let others:',
          {
            list: [
              'exceed the users, GPUs or other limits of its license, or share a license key outside the licensed organisation;',
              'circumvent license checks or usage metering;',
              'resell, sublicense or offer the Service to third parties, except under a separate service provider agreement with us;',
              'reverse engineer the Service except to the extent the law allows despite this restriction;',
              'use the Service to break the law, infringe others’ rights, or build malicious software.',
            ],
          },
        ],
      },
      {
        id: 'customer-data',
        number: '5',
        title: 'Customer Data',
        body: [
          'The Customer owns Customer Data. For self-hosted deployments, Customer Data stays on infrastructure the Customer controls and is not sent to us. For hosted offerings we process Customer Data only to provide the Service, as described in our Privacy Policy.',
          'Self-hosted installations send periodic status pings (product version, edition, counts of users and apps, an anonymous installation identifier and the license in use) so we can check license limits and announce updates. Pings never contain Customer Data.',
        ],
      },
      {
        id: 'fees',
        number: '6',
        title: 'Fees and payment',
        body: [
          'The Customer will pay the fees in the Order. Invoices are due within 30 days of the invoice date. Hosted usage, such as trial VM and GPU hours, is charged against the Customer’s prepaid balance.',
          'Overdue amounts bear late interest of 1.5% per month, or the highest rate the law allows if lower, from the due date until paid. Fees exclude taxes, which the Customer pays except for taxes on our income.',
        ],
      },
      {
        id: 'term-and-renewal',
        number: '7',
        title: 'Subscription Term and renewal',
        body: [
          'Each Subscription Term auto-renews for successive periods of 12 months unless either party gives notice of non-renewal at least 30 days before the end of the current term. Renewal pricing is our then-current pricing unless the Order says otherwise.',
        ],
      },
      {
        id: 'audit',
        number: '8',
        title: 'Usage verification and audit',
        body: [
          'On 10 days’ notice, no more than once in any 12 months, we may verify that the Customer’s use is within its license limits, by a written usage report from the Customer or, if the report is not given or is disputed, by an audit during normal business hours. If use exceeds the limits, the Customer will pay for the excess at the rates in the Order.',
        ],
      },
      {
        id: 'suspension-and-termination',
        number: '9',
        title: 'Suspension and termination',
        body: [
          'Either party may terminate this Agreement if the other materially breaches it and does not cure the breach within 30 days after written notice describing it.',
          'We may suspend hosted access immediately if needed to prevent harm to the Service or others, and will restore it once the cause is resolved. Free and Personal accounts that are inactive for more than 6 months may be terminated after notice to the account e-mail address.',
          'On termination, the Customer stops using the Service and uninstalls self-hosted copies. For hosted offerings, the Customer may export its Customer Data for 30 days, after which we delete it.',
        ],
      },
      {
        id: 'security',
        number: '10',
        title: 'Security and breach notification',
        body: [
          'We maintain administrative, technical and physical safeguards appropriate to the hosted Service. If we become aware of a security breach affecting Customer Data held by us, we will notify the Customer without undue delay and in any case within 72 hours, and share what we know and the steps we are taking.',
        ],
      },
      {
        id: 'confidentiality',
        number: '11',
        title: 'Confidentiality',
        body: [
          'Each party will use the other’s confidential information only for this Agreement and protect it with at least reasonable care. This does not cover information that is public through no fault of the receiving party, already known to it, independently developed, or rightfully received from a third party. Disclosure required by law is allowed after notice where the law permits.',
        ],
      },
      {
        id: 'intellectual-property',
        number: '12',
        title: 'Intellectual property and feedback',
        body: [
          `${we} keeps all rights in the Service and Documentation. Outputs the Customer generates with the Service belong to the Customer as between the parties. We may use feedback the Customer gives us without obligation.`,
        ],
      },
      {
        id: 'warranties',
        number: '13',
        title: 'Warranties and disclaimers',
        body: [
          'We warrant that the paid Service will perform materially as described in the Documentation. If it does not, we will correct it or, failing that, either party may terminate the affected Order and the Customer will receive a pro rata refund of prepaid fees.',
          'Except as stated in this section, the Service is provided “as is”. AI models can produce inaccurate output, and the Customer is responsible for reviewing output before relying on it.',
        ],
      },
      {
        id: 'liability',
        number: '14',
        title: 'Limitation of liability',
        body: [
          'Neither party is liable for indirect, incidental, special or consequential damages, or lost profits or revenue. Each party’s total liability under this Agreement is limited to the amounts paid by the Customer under this Agreement in the 12 months before the event giving rise to the claim.',
          'These limits do not apply to the Customer’s payment obligations, to breaches of confidentiality, or to liability that cannot be limited by law.',
        ],
      },
      {
        id: 'us-government-users',
        number: '15',
        title: 'US government users',
        body: [
          'The Service is commercial computer software and commercial computer software documentation. If the Customer is an agency of the United States government, the Service is provided only with the rights granted to all other customers under this Agreement, in line with FAR 12.212 and DFARS 227.7202. Any term that conflicts with federal law does not apply to that Customer to the extent of the conflict.',
        ],
      },
      {
        id: 'export',
        number: '16',
        title: 'Export control and sanctions',
        body: [
          'Each party will comply with export control and sanctions laws that apply to it. The Customer will not use or make the Service available in a sanctioned country or to a sanctioned person.',
        ],
      },
      {
        id: 'governing-law',
        number: '17',
        title: 'Governing law and jurisdiction',
        body: [
          'The law that governs this Agreement, and how disputes arising from it are resolved, depend on where the Customer is domiciled:',
          { table: governingLawTable(productName) },
          'The United Nations Convention on Contracts for the International Sale of Goods does not apply.',
        ],
      },
      {
        id: 'miscellaneous',
        number: '18',
        title: 'Miscellaneous',
        body: [],
        subsections: [
          {
            id: 'assignment',
            number: '18.1',
            title: 'Assignment',
            body: [
              'Neither party may assign this Agreement without the other’s written consent, except to a successor in a merger, acquisition or sale of substantially all of its assets, with notice to the other party.',
            ],
          },
          {
            id: 'legal-notices',
            number: '18.2',
            title: 'Legal notices',
            body: [
              'Legal notices must be in writing and sent to the address in the Order or, for the Customer, to the e-mail address of its account. Notices sent by mail or e-mail are deemed given on the first business day after sending.',
            ],
          },
          {
            id: 'changes-to-terms',
            number: '18.3',
            title: 'Changes to these terms',
            body: [
              'We may update this Agreement and will give at least 30 days’ notice of material changes. Changes apply from the next renewal of a paid Subscription Term, or immediately for free offerings once the notice period ends.',
            ],
          },
          {
            id: 'contractual-relationship',
            number: '18.4',
            title: 'Contractual relationship',
            body: ['The parties are independent contractors. This Agreement creates no partnership, joint venture, agency or employment relationship.'],
          },
          {
            id: 'integration',
            number: '18.5',
            title: 'Integration and order of precedence',
            body: [
              'This Agreement, with each Order, is the parties’ entire agreement on its subject and replaces prior agreements on it. If they conflict, the Order prevails over this Agreement, and this Agreement prevails over the Documentation. Terms on a Customer purchase order do not apply.',
            ],
          },
          {
            id: 'force-majeure',
            number: '18.6',
            title: 'Force majeure',
            body: [
              'Neither party is liable for delay or failure caused by events beyond its reasonable control, such as natural disasters, war, labour disputes or failures of public networks, other than payment obligations.',
            ],
          },
          {
            id: 'non-waiver',
            number: '18.7',
            title: 'Non-waiver',
            body: ['Failing to enforce a provision is not a waiver of it. A waiver is valid only in writing.'],
          },
          {
            id: 'third-party-beneficiaries',
            number: '18.8',
            title: 'Third-party beneficiaries',
            body: ['This Agreement gives no rights to anyone other than the parties.'],
          },
        ],
      },
    ],
  };
}
