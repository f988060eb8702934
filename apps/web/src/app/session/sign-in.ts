import { confirmLogin } from '@/api/auth-api';
import { requestPasswordToken } from '@/api/oauth';
import { saveTokens } from '@/api/token-storage';

/** Password grant, then PUT /v1/login/confirm/. Wrong credentials reject with the server's ApiError. */
export async function signInWithPassword(username: string, password: string, domain?: string): Promise<void> {
  saveTokens(await requestPasswordToken(username, password, domain));
  try {
    await confirmLogin();
  } catch (error) {
    // The token is already valid; a failed confirmation must not lock the user out.
    console.warn('login confirmation failed', error);
  }
}
