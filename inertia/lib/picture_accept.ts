/** What the picture file pickers offer; the server decides by the file's content. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif'
