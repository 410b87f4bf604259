/** `json` for the script's calls, `form` for the browser's native post; UTF-8 only. */
export type Encoding = 'json' | 'form';

const MEDIA_TYPES: Record<string, Encoding> = {
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'form',
};

export function requestEncoding(value: string | undefined): Encoding | undefined {
  if (!value) return undefined;
  const [type = '', ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  const encoding = MEDIA_TYPES[type];
  const charset = params.find((param) => param.startsWith('charset='));
  return !charset || charset.replace(/"/g, '') === 'charset=utf-8' ? encoding : undefined;
}
