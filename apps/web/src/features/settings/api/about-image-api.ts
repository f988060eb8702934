import { SHOP_SETTINGS_ROUTES as R } from '@b2b/contracts/routes/shop-settings';
import { api } from '@/api/api-client';

/** An image of the about text: stored by the server (jpeg or png), answered as Editor.js's image tool reads it. */
export async function uploadAboutImage(file: File): Promise<{ success: 1; file: { url: string } }> {
  const answer = await api.call(R.image, { body: { image: file } }, { silent: true });
  return { success: 1, file: { url: answer.FILE.URL } };
}
