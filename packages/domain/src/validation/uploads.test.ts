import { describe, expect, it } from 'vitest';
import {
  canSendMessage,
  fileExtension,
  isAllowedAttachment,
  isDocumentAttachment,
  isImageAttachment,
  validateAttachment,
  validatePhotoFile,
} from './uploads';

const MB10 = 10 * 1024 * 1024;

describe('fileExtension', () => {
  it('returns the lower-case extension', () => {
    expect(fileExtension('photo.JPG')).toBe('jpg');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });
});

describe('validatePhotoFile', () => {
  it('accepts PNG, JPG, TIFF and HEIC up to 10mb', () => {
    expect(validatePhotoFile({ size: MB10, type: 'image/png' })).toBeUndefined();
    expect(validatePhotoFile({ size: 1000, type: 'image/jpeg' })).toBeUndefined();
    expect(validatePhotoFile({ size: 1000, type: 'image/tiff' })).toBeUndefined();
    expect(validatePhotoFile({ size: 1000, type: 'image/heic' })).toBeUndefined();
    expect(validatePhotoFile({ size: 1000, type: '', name: 'IMG_0001.HEIC' })).toBeUndefined();
  });

  it('rejects files over 10mb', () => {
    expect(validatePhotoFile({ size: MB10 + 1, type: 'image/png' })).toBe(
      'File size too big. Please make sure image is under 10mb.',
    );
  });

  it('rejects other types', () => {
    expect(validatePhotoFile({ size: 1000, type: 'image/gif', name: 'a.gif' })).toBe(
      'Please upload a PNG, JPG, TIFF or HEIC image.',
    );
    expect(validatePhotoFile({ size: 1000, type: 'application/pdf', name: 'id.pdf' })).toBe(
      'Please upload a PNG, JPG, TIFF or HEIC image.',
    );
    expect(validatePhotoFile({ size: 1000 })).toBe('Please upload a PNG, JPG, TIFF or HEIC image.');
  });
});

describe('message attachments', () => {
  it('accepts the listed extensions', () => {
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'a.pdf', 'a.doc', 'a.DOCX']) {
      expect(isAllowedAttachment(name), name).toBe(true);
    }
    expect(isAllowedAttachment('a.exe')).toBe(false);
    expect(isAllowedAttachment('a.tiff')).toBe(false);
  });

  it('classifies images and documents by name', () => {
    expect(isImageAttachment('scan.PNG')).toBe(true);
    expect(isImageAttachment('report.pdf')).toBe(false);
    expect(isDocumentAttachment('report.pdf')).toBe(true);
    expect(isDocumentAttachment('letter.docx')).toBe(true);
    expect(isDocumentAttachment('letter.doc')).toBe(false);
  });

  it('limits size to 10,000,000 bytes', () => {
    expect(validateAttachment({ name: 'a.pdf', size: 10_000_000 })).toBeUndefined();
    expect(validateAttachment({ name: 'a.pdf', size: 10_000_001 })).toBe(
      'Message failed to send or is too large, please try to send the message again.',
    );
    expect(validateAttachment({ name: 'a.exe', size: 1 })).toBe(
      'Only jpg, jpeg, png, gif, pdf, doc and docx files can be attached.',
    );
  });

  it('needs text or a file to send, and no send in progress', () => {
    expect(canSendMessage({ text: 'hi', hasFile: false })).toBe(true);
    expect(canSendMessage({ text: '  ', hasFile: true })).toBe(true);
    expect(canSendMessage({ text: '  ', hasFile: false })).toBe(false);
    expect(canSendMessage({ text: 'hi', hasFile: false, sending: true })).toBe(false);
  });
});
