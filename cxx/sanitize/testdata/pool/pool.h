#pragma once

#include <cstddef>
#include <new>
#include <string>

// Message is a FIX-like message: its strings are longer than the small
// string buffer, so each owns heap memory.
struct Message {
    Message(int seq, const std::string& sender, const std::string& text);
    int seq;
    std::string sender;
    std::string text;
};

// Pool hands out Messages from a fixed array of slots, round robin.
class Pool {
public:
    explicit Pool(std::size_t slots);
    ~Pool();
    Pool(const Pool&) = delete;
    Pool& operator=(const Pool&) = delete;

    // Acquire constructs a Message in the next slot. Bug: it does not
    // destroy the Message the slot already holds.
    Message* Acquire(int seq, const std::string& sender, const std::string& text);

private:
    std::size_t slots_;
    std::size_t next_ = 0;
    std::size_t used_ = 0;
    unsigned char* storage_;
};

// Stale returns the sum of the characters of a string it has freed.
int Stale();

// Overflow adds one to a signed int that may be INT_MAX.
int Overflow(int x);
