import { describe, expect, test } from 'vitest'
import { mapBounded } from './mapBounded.js'

describe('mapBounded', () => {
  test('keeps at most `limit` calls pending and the results in order', async () => {
    let pending = 0
    let most = 0
    const results = await mapBounded([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      pending++
      most = Math.max(most, pending)
      await new Promise((resolve) => setTimeout(resolve, n))
      pending--
      return n * 10
    })
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60])
    expect(most).toBe(3)
  })

  test('a rejection rejects the whole and starts no further call', async () => {
    const started: number[] = []
    const run = mapBounded([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n)
      await new Promise((resolve) => setTimeout(resolve, 1))
      if (n === 2) throw new Error('upstream said 502')
      return n
    })
    await expect(run).rejects.toThrow('upstream said 502')
    expect(started).toEqual([1, 2, 3])
  })

  test('an empty list calls nothing', async () => {
    expect(await mapBounded([], 8, async () => 1)).toEqual([])
  })
})
