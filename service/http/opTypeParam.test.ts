import { describe, expect, test } from 'vitest'
import { thrown } from '../../test/_support/thrown.js'
import { opTypeParam } from './opTypeParam.js'

describe('opTypeParam', () => {
  test('takes the PascalCase enum, snake_case and the spec words, in lists', () => {
    expect(opTypeParam('Swap')).toEqual(['Swap'])
    expect(opTypeParam('swap')).toEqual(['Swap'])
    expect(opTypeParam('provide_liquidity')).toEqual(['SendLiquidity'])
    expect(opTypeParam(['send_liquidity', 'SendLiquidity', 'withdraw_liquidity'])).toEqual([
      'SendLiquidity',
      'WithdrawLiquidity',
    ])
    expect(opTypeParam('swap, CollectFees')).toEqual(['Swap', 'CollectFees'])
    expect(opTypeParam(undefined)).toBeUndefined()
    expect(opTypeParam('')).toBeUndefined()
  })

  test('an unknown word is INVALID_PARAMETER naming op_type', () => {
    expect(thrown(() => opTypeParam('trade'))).toMatchObject({
      code: 'INVALID_PARAMETER',
      field: 'op_type',
    })
  })
})
