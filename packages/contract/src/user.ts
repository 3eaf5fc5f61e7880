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

export interface LoginData {
  token: string;
  refresh_token: string;
  expires_in: number;
  user: { email: string };
}

export interface UserInfo {
  email: string;
  balance: number;
  task_cost: number;
  invite_url: string;
  created_at: string;
  /** The user's supercomputer accounts; account is '' until staff open it. status: applied, active or unbound. */
  chaosuans: { node: string; account: string; status: 'applied' | 'active' | 'unbound' }[];
}
