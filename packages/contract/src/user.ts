import { z } from 'zod';

export const PASSWORD_MIN = 6;

export const registerBodySchema = z.object({
  email: z.email('请输入正确的邮箱地址！').transform((s) => s.trim().toLowerCase()),
  password: z.string().min(PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 位！`).max(128),
  invite_code: z.string().max(64).optional(),
});

export const loginBodySchema = z.object({
  account: z.string().trim().min(1, '账户为必填项').transform((s) => s.toLowerCase()),
  password: z.string().min(1, '密码为必填项'),
});

export const refreshBodySchema = z.object({ refresh_token: z.string().min(1, '缺少刷新令牌') });
export const forgetBodySchema = z.object({ email: z.email('请输入正确的邮箱地址！').transform((s) => s.trim().toLowerCase()) });
export const resetBodySchema = z.object({
  token: z.string().min(1, '重置链接无效或已过期，请重新申请！'),
  password: z.string().min(PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 位！`).max(128),
});

export const loginDataSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  user: z.object({ email: z.string() }),
});
export type LoginData = z.infer<typeof loginDataSchema>;

/** POST /api/user/register */
export const registeredSchema = z.object({ user: z.object({ email: z.string() }) });

export const userInfoSchema = z.object({
  email: z.string(),
  balance: z.number(),
  /** Yuan set aside by the user's queued and running tasks (their holds) and pending balance refunds. */
  held: z.number(),
  /** Balance less `held`: what a new task may hold. */
  available: z.number(),
  task_cost: z.number(),
  invite_url: z.string(),
  created_at: z.string(),
  /** The user's supercomputer accounts; account is '' until staff open it. status: applied, active or unbound. */
  chaosuans: z.array(z.object({ node: z.string(), account: z.string(), status: z.enum(['applied', 'active', 'unbound']) })),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
