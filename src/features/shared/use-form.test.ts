import { describe, expect, it } from 'vitest'
import { afterEdit, fieldNames } from './use-form'

describe('fieldNames', () => {
  it('dots nested groups and keeps a list, a file or null as one field', () => {
    const photo = new File(['x'], 'meter.jpg')
    expect(
      fieldNames({
        name: '',
        admin: { email: '', password: '' },
        device_ids: ['a'],
        photo,
        at: null,
      }),
    ).toEqual(['name', 'admin.email', 'admin.password', 'device_ids', 'photo', 'at'])
  })
})

describe('afterEdit', () => {
  const below = 'Below the previous reading'
  const shown = { fields: { kwh: below } }

  it('drops our message once its field is right, also when another field made it so', () => {
    expect(afterEdit(shown, { kwh: below }, {}, ['kwh'])).toEqual({ fields: {} })
    // Marking the meter reset makes a low value right.
    expect(afterEdit(shown, { kwh: below }, {}, ['isReset'])).toEqual({ fields: {} })
  })

  it('keeps our message that still applies, in its current words', () => {
    const negative = 'A meter value cannot be negative.'
    expect(afterEdit(shown, { kwh: below }, { kwh: negative }, ['kwh'])).toEqual({
      fields: { kwh: negative },
    })
  })

  it("drops the server's message when its own field is edited, not another", () => {
    const taken = { fields: { timestamp: 'Taken', photo: 'Too large' }, form: 'Not saved' }
    expect(afterEdit(taken, {}, {}, ['kwh'])).toEqual(taken)
    expect(afterEdit(taken, {}, {}, ['timestamp'])).toEqual({
      fields: { photo: 'Too large' },
      form: 'Not saved',
    })
  })

  it('adds no message before the next submit', () => {
    expect(afterEdit({ fields: {} }, {}, { kwh: below }, ['kwh'])).toEqual({ fields: {} })
  })
})
