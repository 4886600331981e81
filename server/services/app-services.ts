// The services the app factory builds once and hands to the routes.
import type { AuthService } from './auth-service';
import type { BankService } from './bank-service';
import type { LearnService } from './learn-service';
import type { ProgressService } from './progress-service';
import type { SystemService } from './system-service';
import type { TransactionsService } from './transactions-service';
import type { StatementImportService } from './statement-import-service';
import type { DataExportService } from './data-export-service';
import type { WebhookService } from './webhook-service';
import type { LiveEvents } from './live-events';
import type { BillsService } from './bills-service';

export interface AppServices {
  auth: AuthService;
  bank: BankService;
  transactions: TransactionsService;
  progress: ProgressService;
  learn: LearnService;
  /** Bills and subscriptions, and the Subscription check-up's reviews (issue 28). */
  bills: BillsService;
  system: SystemService;
  statementImports: StatementImportService;
  dataExport: DataExportService;
  /** Plaid's webhooks, verified and acted on (issue 27). */
  webhooks: WebhookService;
  /** Changes of each user's data, from every instance, for open pages (issue 27). */
  live: LiveEvents;
}
