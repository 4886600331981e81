// Typed calls to the bills endpoints (issue 28): the recurring streams the bank detected and the
// Subscription check-up's reviews. Pages read the streams through the query cache (./queries.ts).
import { api } from '@/lib/api-client';
import { receiveReward } from '@/lib/progression';
import type { BillsView, StreamDecision } from '@/domain/bills';
import type { Refereed } from './api';

export interface ReviewResult extends Refereed {
  view: BillsView;
}

export const billsApi = {
  view: () => api.get<BillsView>('/bills'),
  /** A keep-or-cancel decision; the server pays the check-up's lives once a month (the referee). */
  async review(streamId: string, decision: StreamDecision): Promise<ReviewResult> {
    const res = await api.post<ReviewResult>('/bills/reviews', { streamId, decision });
    if (res && (res.reward || res.progress)) receiveReward(res);
    return res;
  },
};
