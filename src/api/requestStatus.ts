/** Where a one-shot request a form or page sent stands (the outcome's message shown beside it). */
export interface RequestStatus {
  status: 'idle' | 'pending' | 'succeeded' | 'failed';
  message: string | null;
}

export const IDLE_REQUEST: RequestStatus = { status: 'idle', message: null };
export const PENDING_REQUEST: RequestStatus = { status: 'pending', message: null };
