// The services the app factory builds once and hands to the routes.
import type { AuthService } from './auth-service';
import type { BankService } from './bank-service';
import type { ProgressService } from './progress-service';
import type { SystemService } from './system-service';
import type { TransactionsService } from './transactions-service';

export interface AppServices {
  auth: AuthService;
  bank: BankService;
  transactions: TransactionsService;
  progress: ProgressService;
  system: SystemService;
}
