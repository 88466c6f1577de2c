#include "pool.h"

#include <climits>

Message::Message(int seq, const std::string& sender, const std::string& text)
    : seq(seq), sender(sender), text(text) {}

Pool::Pool(std::size_t slots)
    : slots_(slots), storage_(new unsigned char[slots * sizeof(Message)]) {}

Pool::~Pool() {
    for (std::size_t i = 0; i < used_; i++) {
        reinterpret_cast<Message*>(storage_ + i * sizeof(Message))->~Message();
    }
    delete[] storage_;
}

Message* Pool::Acquire(int seq, const std::string& sender, const std::string& text) {
    unsigned char* slot = storage_ + next_ * sizeof(Message);
    next_ = (next_ + 1) % slots_;
    if (used_ < slots_) {
        used_++;
    }
    return new (slot) Message(seq, sender, text); // PLACEMENT-NEW
}

int Stale() {
    std::string* s = new std::string("a string long enough to live on the heap");
    const char* p = s->data();
    delete s;
    int sum = 0;
    for (int i = 0; i < 4; i++) {
        sum += p[i]; // USE-AFTER-FREE
    }
    return sum;
}

int Overflow(int x) {
    return x + 1; // OVERFLOW
}
