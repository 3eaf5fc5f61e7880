/**
 * Where business and service enquiries go. A placeholder until the deployment's own
 * address is configured; the landing page and the personal centre both show it.
 */
export const BUSINESS_EMAIL = 'service@yunyao.example';
