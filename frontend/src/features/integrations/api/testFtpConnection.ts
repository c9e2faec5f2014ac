import { apiPost } from '../../../lib/api';
import type { FtpConnectionTest } from './types';

export type { FtpConnectionTest };

/** Logs in to the FTP export's server with the form as it stands and writes a test file; over
 * SFTP, only once the server's host key is confirmed (else it answers the key to confirm). */
export async function testFtpConnection(fields: Record<string, string>): Promise<FtpConnectionTest> {
  const answer = await apiPost<Partial<FtpConnectionTest> | null>('integrations/ftp_export/test', fields);
  return {
    connected: answer?.connected === true,
    message: typeof answer?.message === 'string' ? answer.message : '',
    hostKey: typeof answer?.hostKey === 'string' ? answer.hostKey : null,
    confirmHostKey: answer?.confirmHostKey === true,
  };
}
