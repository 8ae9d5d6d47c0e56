import { Controller, Get, Module, Put } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { controllerPrefixes } from '../src/controller-prefixes';

@Controller('api/web/shelf')
class ShelfController {
  @Get()
  list() {
    return 'list';
  }

  @Put(':id/book/:bookId')
  shelve() {
    return 'shelve';
  }
}

@Controller('api/web/catalogue')
class CatalogueController {
  @Get('tree')
  tree() {
    return 'tree';
  }

  @Get('authors/:id')
  author() {
    return 'author';
  }

  @EventPattern('books')
  onBook(book: unknown) {
    return book;
  }
}

@Controller()
class LoanController {
  @Get('api/web/loan/open')
  open() {
    return 'open';
  }
}

@Module({ controllers: [LoanController] })
class LoanModule {}

@Module({
  imports: [LoanModule, { module: class DynamicHolder {}, controllers: [CatalogueController] }],
  controllers: [ShelfController],
})
class LibraryModule {}

describe('controllerPrefixes', () => {
  it('gives the static start of every route of the module and of the modules it imports, the fewest that cover them', () => {
    expect(controllerPrefixes(LibraryModule)).toEqual([
      '/api/web/catalogue/authors',
      '/api/web/catalogue/tree',
      '/api/web/loan/open',
      '/api/web/shelf',
    ]);
  });
});
