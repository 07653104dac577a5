/**
 * Secrets out of text meant for people and logs: the password of a connection URL
 * (`postgres://dex:secret@db/dex`), an API key in a URL's query (`?api_key=…`, toncenter's
 * other spelling of its `X-API-Key` header), and any secret value named by the caller (the
 * `--api-key` given, a database password), wherever it appears. The one place the project
 * hides secrets: error messages, banners and every log line go through it.
 * @module
 */

/** What a hidden secret is replaced with. */
const HIDDEN = '***'

/** Query parameters that carry a key or a token. */
const SECRET_PARAMS =
  /([?&](?:api_key|apikey|api-key|key|token|access_token|password)=)[^&#\s"']*/gi

/**
 * A connection URL (or any text holding URLs) without its password and without the values of
 * key-carrying query parameters.
 *
 * @example
 * ```ts
 * redact('postgres://dex:secret@db:5432/dex') // 'postgres://dex:***@db:5432/dex'
 * redact('https://toncenter.com/api/v2/jsonRPC?api_key=a1b2') // 'https://toncenter.com/api/v2/jsonRPC?api_key=***'
 * ```
 */
export function redact(url: string): string {
  return url
    .replace(/(\/\/[^:/@\s"']*):[^@\s"'/]*@/g, `$1:${HIDDEN}@`)
    .replace(SECRET_PARAMS, `$1${HIDDEN}`)
}

/**
 * `text` with every secret of {@link redact} hidden, and every occurrence of each of `secrets`
 * (values shorter than 4 characters are ignored: they would hide ordinary text), also in its
 * JSON-escaped and URL-encoded spellings, so a JSON log line is covered too.
 *
 * @example
 * ```ts
 * redactText('GET /v1/pools key a1b2c3d4', ['a1b2c3d4']) // 'GET /v1/pools key ***'
 * ```
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = redact(text)
  for (const secret of secrets) {
    if (secret.length < 4) continue
    for (const spelling of spellings(secret)) {
      if (out.includes(spelling)) out = out.split(spelling).join(HIDDEN)
    }
  }
  return out
}

/**
 * The secrets a database URL holds (its password, as written and decoded), for
 * {@link redactText}; none for a URL without one.
 *
 * @example
 * ```ts
 * urlSecrets('postgres://dex:s%40cret@db/dex') // ['s%40cret', 's@cret']
 * ```
 */
export function urlSecrets(url: string | undefined): string[] {
  if (url === undefined) return []
  const match = /\/\/[^:/@\s]*:([^@\s/]*)@/.exec(url)
  const password = match?.[1]
  if (password === undefined || password === '') return []
  let decoded = password
  try {
    decoded = decodeURIComponent(password)
  } catch {
    decoded = password
  }
  return decoded === password ? [password] : [password, decoded]
}

/** A secret as written, JSON-escaped and URL-encoded. */
function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1)
  const encoded = encodeURIComponent(secret)
  return [...new Set([secret, json, encoded])]
}
