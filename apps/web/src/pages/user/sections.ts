/** The personal centre's left-menu sections, in the spec's order (index = menu number); access tokens come after the spec's seven. */
export const SECTIONS = ['overview', 'funds', 'invoice', 'profile', 'terminal', 'invite', 'feedback', 'tokens'] as const;
export type Section = (typeof SECTIONS)[number];

/** `?tab=<section>` picks the section; the spec's `?isCharge=true` opens fund management. */
export function sectionFromParams(params: URLSearchParams): Section {
  const tab = params.get('tab');
  if ((SECTIONS as readonly string[]).includes(tab ?? '')) return tab as Section;
  if (params.get('isCharge') === 'true') return 'funds';
  return 'overview';
}

export const personalKeys = {
  recharges: ['personal', 'recharges'] as const,
  recharge: (orderId: string) => ['personal', 'recharge', orderId] as const,
  refunds: ['personal', 'refunds'] as const,
  invoices: ['personal', 'invoices'] as const,
  applied: ['personal', 'applied-invoices'] as const,
  invites: ['personal', 'invites'] as const,
  feedback: ['personal', 'feedback'] as const,
  tokens: ['personal', 'tokens'] as const,
  prices: ['personal', 'prices'] as const,
  sshTasks: (page: number, limit: number) => ['personal', 'ssh-tasks', page, limit] as const,
  officialQr: ['personal', 'official-qr'] as const,
};

/** The spec's success toasts last 2 s. */
export const SUCCESS_SECONDS = 2;
