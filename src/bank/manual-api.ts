// Typed calls to the manual-transaction endpoints (the user's own expenses).
import { api } from '@/lib/api-client';
import type { ManualCategory } from '@/domain/categories';
import { receiveReward } from '@/lib/progression';
import type { ProgressState, RewardNotice } from '@/domain/progress-events';

export interface ManualTransaction {
  id: number;
  amount: number;
  category: ManualCategory;
  name: string;
  date: string;
  budget_category: ManualCategory;
}

/** A stored expense with what the server paid for it (the first 3 of a day pay, DECISIONS). */
export interface CreatedManual extends ManualTransaction {
  reward: RewardNotice;
  progress?: ProgressState;
}

export interface ManualExpenseInput {
  amount: number;
  category: ManualCategory;
  /** The helper's name for `name`; blank means the spec's default. */
  description?: string;
}

export const manualApi = {
  /** The helper form of the spec: description becomes name. */
  add: async ({ amount, category, description }: ManualExpenseInput) => {
    const created = await api.post<CreatedManual>('/transactions/manual', {
      amount,
      category,
      name: description?.trim() || 'Manual Expense',
      date: new Date().toISOString(),
    });
    receiveReward(created);
    return created;
  },
  list: () => api.get<ManualTransaction[]>('/transactions/manual'),
  /** A rewarded expense deleted the same day gives its reward back (the server says so). */
  remove: async (id: number) => {
    const res = await api.delete<{ success: boolean; reward?: RewardNotice; progress?: ProgressState }>(
      `/transactions/manual/${id}`,
    );
    if (res?.progress) receiveReward(res);
    return res;
  },
};
