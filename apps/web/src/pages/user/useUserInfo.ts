import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';

/** The signed-in user's account; one cache entry shared by every page that shows the balance. */
export function useUserInfo() {
  return useQuery({ queryKey: ['user', 'info'], queryFn: api.user.info });
}

/** Yuan with two decimals and thousands separators, as money is shown everywhere. */
export function formatYuan(value: number): string {
  return value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
