// placeholder: the engine tests are being written
