import { ApiError, errors, fenToYuan, type UserInfo } from '@yunyao/contract';
import { availability, findUserById, listHpcAccounts, taskCostFen, type Db } from '@yunyao/db';
import { formatDate } from '../format.ts';

/** The signed-in user's account page: balance, what is held, what tasks cost, invite link and supercomputer accounts. */
export async function userInfo(db: Db, userId: number, publicUrl: string): Promise<UserInfo> {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError(errors.tokenRevoked);
  const money = await availability(db, user.id);
  return {
    email: user.email,
    balance: fenToYuan(money.balanceFen),
    held: fenToYuan(money.heldFen + money.pendingRefundFen),
    available: fenToYuan(money.availableFen),
    task_cost: fenToYuan(await taskCostFen(db, user.id)),
    invite_url: `${publicUrl}/register?invite_code=${encodeURIComponent(user.inviteCode)}`,
    created_at: formatDate(user.createdAt),
    chaosuans: (await listHpcAccounts(db, user.id)).map((a) => ({ node: a.node, account: a.account ?? '', status: a.status })),
  };
}
