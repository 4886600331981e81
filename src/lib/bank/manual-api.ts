// Typed calls to the manual-transaction endpoints (the user's own expenses).
import { api } from '@/lib/api-client';
import type { ManualCategory } from '@/domain/categories';

export interface ManualTransaction {
  id: number;
  amount: number;
  category: ManualCategory;
  name: string;
  date: string;
  budget_category: ManualCategory;
}

export interface ManualExpenseInput {
  amount: number;
  category: ManualCategory;
  /** The helper's name for `name`; blank means the spec's default. */
  description?: string;
}

export const manualApi = {
  /** The helper form of the spec: description becomes name. */
  add: ({ amount, category, description }: ManualExpenseInput) =>
    api.post<ManualTransaction>('/transactions/manual', {
      amount,
      category,
      name: description?.trim() || 'Manual Expense',
      date: new Date().toISOString(),
    }),
  list: () => api.get<ManualTransaction[]>('/transactions/manual'),
  remove: (id: number) => api.delete<{ success: boolean }>(`/transactions/manual/${id}`),
};
