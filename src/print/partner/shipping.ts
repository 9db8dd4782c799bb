// The shipping address a print job carries, from the set's delivery as the shop recorded it (the recipient and, for a
// courier or post delivery, the street address). The partner ships the book to the shopper.
import { isObject } from '../../util/vendor-http';
import type { ShippingAddress } from './protocol';

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

export function shippingAddressOf(option: Record<string, unknown>, email: string | null): ShippingAddress {
  const recipient = isObject(option.recipient) ? { ...option, ...option.recipient } : option;
  const name = [textOf(recipient.fio_name), textOf(recipient.fio_surname)].filter(Boolean).join(' ') || 'Покупатель';
  const street = [textOf(option.to_street), textOf(option.to_house)].filter(Boolean).join(', ');
  return {
    name,
    street1: street || textOf(option.point_address) || textOf(option.address) || 'Пункт выдачи',
    ...(textOf(option.to_flat) && { street2: `кв. ${textOf(option.to_flat)}` }),
    city: textOf(option.to_city_name) || textOf(option.city) || textOf(option.to_city_id) || 'Москва',
    country_code: 'RU',
    postcode: textOf(option.to_postal_code) || '000000',
    phone_number: textOf(recipient.to_phone) || '+70000000000',
    ...(email && { email }),
  };
}
