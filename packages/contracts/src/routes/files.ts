import { z } from 'zod';
import { fileBytes, STORED_FILE_TYPES } from '../http/form-fields';
import { pathFileId } from '../http/path-params';
import { route } from '../http/route';

/** The partner's own files: exports, uploads, the commercial offer's logo and seal. */
export const FILE_ROUTES = {
  download: route({
    method: 'GET',
    path: '/v3/api/partner/file/:fileId/',
    access: 'staff',
    summary: "Download one of the partner's files (exports and uploads) under its original name",
    tags: ['files'],
    params: z.object({ fileId: pathFileId }),
    answer: fileBytes,
    answerType: STORED_FILE_TYPES,
  }),
};
